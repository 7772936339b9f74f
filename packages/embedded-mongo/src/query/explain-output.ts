import type { Document } from 'bson';
import { badValue } from '../errors.js';
import type { AccessPath } from './access-path.js';
import { fullRange } from './index-bounds.js';
import type { QueryPlan, QueryRun } from './find-documents.js';

/** How much `explain` tells, as mongod names it: the plan only, or the plan and what running it examined. */
export type ExplainVerbosity = 'queryPlanner' | 'executionStats' | 'allPlansExecution';

const VERBOSITIES = new Set<string>(['queryPlanner', 'executionStats', 'allPlansExecution']);

/** mongod's default verbosity is allPlansExecution; `true` (aggregate's `explain: true`) is queryPlanner. */
export function parseVerbosity(value: unknown): ExplainVerbosity {
  if (value === undefined) return 'allPlansExecution';
  if (value === true) return 'queryPlanner';
  if (typeof value === 'string' && VERBOSITIES.has(value)) return value as ExplainVerbosity;
  throw badValue(`verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`);
}

/** A stage that wraps the query's plan: `COUNT`, `DELETE`, `UPDATE`…, with any fields of its own. */
export interface OuterStage {
  stage: string;
  [field: string]: unknown;
}

/** The stage tree of the plan that ran, innermost the stage that read the documents. */
export function winningPlan(plan: QueryPlan, outer?: OuterStage): Document {
  let tree = accessStages(plan.access, plan.filter);
  if (plan.sort && !plan.sortedByAccess) {
    tree = { stage: 'SORT', sortPattern: plan.sort, memLimit: 104_857_600, ...(plan.limit !== undefined ? { limitAmount: plan.skip + plan.limit } : {}), type: 'simple', inputStage: tree };
  }
  if (plan.skip > 0) tree = { stage: 'SKIP', skipAmount: plan.skip, inputStage: tree };
  if (plan.limit !== undefined && (!plan.sort || plan.sortedByAccess)) tree = { stage: 'LIMIT', limitAmount: plan.limit, inputStage: tree };
  return outer ? { ...outer, inputStage: tree } : tree;
}

function accessStages(access: AccessPath, filter: Document): Document {
  const residual = Object.keys(filter).length > 0 ? { filter } : {};
  switch (access.kind) {
    case 'eof':
      return { stage: 'EOF' };
    case 'collscan':
      return { stage: 'COLLSCAN', ...residual, direction: 'forward' };
    case 'idhack':
      return { stage: 'IDHACK' };
    case 'ixscan':
      // The matcher checks the whole filter on every fetched document (an index only ever narrows).
      return { stage: 'FETCH', ...residual, inputStage: indexScan(access) };
    case 'or':
      return { stage: 'FETCH', ...residual, inputStage: { stage: 'OR', inputStages: access.branches.map(branchStage) } };
  }
}

function branchStage(access: AccessPath): Document {
  if (access.kind === 'ixscan') return indexScan(access);
  if (access.kind === 'or') return { stage: 'OR', inputStages: access.branches.map(branchStage) };
  return accessStages(access, {});
}

function indexScan(access: Extract<AccessPath, { kind: 'ixscan' }>): Document {
  const { index } = access;
  return {
    stage: 'IXSCAN',
    keyPattern: index.key,
    indexName: index.name,
    isMultiKey: access.multikey,
    isUnique: index.unique === true || index.name === '_id_',
    isSparse: index.sparse === true,
    isPartial: index.partialFilterExpression !== undefined,
    indexVersion: index.v,
    direction: access.direction === 1 ? 'forward' : 'backward',
    // The lookup bounds the index's first field only; the matcher checks the rest of the filter.
    indexBounds: Object.fromEntries(Object.keys(index.key).map((field, i) => [field, i === 0 ? access.firstFieldBounds : fullRange(access.direction)])),
  };
}

export function queryPlanner(plan: QueryPlan, namespace: string, outer?: OuterStage): Document {
  return {
    namespace,
    indexFilterSet: false,
    parsedQuery: plan.filter,
    maxIndexedOrSolutionsReached: false,
    maxIndexedAndSolutionsReached: false,
    maxScansToExplodeReached: false,
    winningPlan: winningPlan(plan, outer),
    rejectedPlans: [],
  };
}

/** `executionStats`: what running the plan returned and examined; `returned` is 0 for an explained write. */
export function executionStats(run: QueryRun, elapsedMs: number, returned: number, outer?: OuterStage): Document {
  return {
    executionSuccess: true,
    nReturned: returned,
    executionTimeMillis: Math.round(elapsedMs),
    totalKeysExamined: run.keysExamined,
    totalDocsExamined: run.docsExamined,
    executionStages: { ...winningPlan(run.plan, outer), nReturned: returned, docsExamined: run.docsExamined, keysExamined: run.keysExamined },
    allPlansExecution: [],
  };
}

/** The sections an explain of one query answers at its verbosity. */
export function explainSections(run: QueryRun, namespace: string, verbosity: ExplainVerbosity, elapsedMs: number, returned: number, outer?: OuterStage): Document {
  const sections: Document = { queryPlanner: queryPlanner(run.plan, namespace, outer) };
  if (verbosity !== 'queryPlanner') sections.executionStats = executionStats(run, elapsedMs, returned, outer);
  return sections;
}
