import type { Document } from 'bson';
import type { Collection } from '../storage/collection.js';
import { type AccessPath, keysExamined } from './access-path.js';
import { type QueryOptions, collatorFor } from './collation.js';
import { hintedDocuments } from './hint.js';
import { compileFilter } from './matcher.js';
import { recordQuery } from './operation-stats.js';
import { projectDocuments } from './project-documents.js';
import { parseSortSpec, sortDocuments } from './sort-documents.js';
import { checkTimeBudget } from './time-budget.js';

export interface FindOptions extends QueryOptions {
  filter?: Document;
  sort?: Document;
  skip?: number;
  limit?: number;
  projection?: Document;
  /** An index name or key pattern: refused when no such index exists, else restricts to what the index holds. */
  hint?: unknown;
}

/** The plan a query ran: how it reached its candidates and what it did with them after. */
export interface QueryPlan {
  namespace: string;
  filter: Document;
  sort: Document | undefined;
  skip: number;
  /** Undefined when there is no limit. */
  limit: number | undefined;
  access: AccessPath;
  /** Whether the access path gave the sort order, so no sort ran in memory. */
  sortedByAccess: boolean;
  /** How many documents the collection held when the query ran. */
  collectionSize: number;
  /** A collated query scans (indexes hold binary order). */
  collated: boolean;
}

/** A query as it ran: its documents, its plan and what it looked at. */
export interface QueryRun {
  docs: Document[];
  plan: QueryPlan;
  docsExamined: number;
  keysExamined: number;
}

/** How many documents a scan tests between two looks at the clock. */
const BUDGET_CHECK_EVERY = 64;

/** The matching documents of a collection (stored objects, not copies), sorted and windowed. */
export function matchDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  return runQuery(collection, options).docs;
}

/** Plans and runs a query, and records what it examined for the operation's slow-query line. */
export function runQuery(collection: Collection | undefined, options: FindOptions): QueryRun {
  const filter = options.filter ?? {};
  const queryOptions: QueryOptions = { collation: options.collation, variables: options.variables };
  // Compiled even when there is nothing to match, so a malformed filter is refused whatever the collection holds.
  const matcher = compileFilter(filter, queryOptions);
  const hinted = hintedDocuments(collection, options.hint);
  const skip = Math.max(0, options.skip ?? 0);
  const limit = options.limit && options.limit !== 0 ? Math.abs(options.limit) : Number.POSITIVE_INFINITY;
  // Indexes hold binary string order and equality; under a collation every document is a candidate.
  const collated = options.collation !== undefined;
  const plan: QueryPlan = {
    namespace: collection?.namespace ?? '',
    filter,
    sort: options.sort && Object.keys(options.sort).length > 0 ? options.sort : undefined,
    skip,
    limit: Number.isFinite(limit) ? limit : undefined,
    access: { kind: collection ? 'collscan' : 'eof' },
    sortedByAccess: false,
    collectionSize: collection?.docs.size ?? 0,
    collated,
  };
  if (!collection) return finished({ docs: [], plan, docsExamined: 0, keysExamined: 0 });
  const sort = parseSortSpec(options.sort);
  let source: Iterable<Document> = collection.docs.values();
  const narrowed = collated ? undefined : collection.narrowed(filter);
  if (narrowed) {
    source = narrowed.docs;
    plan.access = narrowed.path;
  } else if (!collated && sort.length === 1) {
    const [path, direction] = sort[0] as [string, 1 | -1];
    const ordered = collection.orderedBy(path, direction);
    if (ordered) {
      source = ordered.docs;
      plan.access = ordered.path;
      plan.sortedByAccess = true;
    }
  }
  const presorted = sort.length === 0 || plan.sortedByAccess;
  const matched: Document[] = [];
  // When the source is already in sort order the scan stops as soon as the window is full.
  const stopAt = presorted ? skip + limit : Number.POSITIVE_INFINITY;
  let tested = 0;
  for (const doc of source) {
    if (++tested % BUDGET_CHECK_EVERY === 0) checkTimeBudget();
    if (!matcher.test(doc) || (hinted && !hinted(doc))) continue;
    matched.push(doc);
    if (matched.length >= stopAt) break;
  }
  // A sorted walk reads one index key per document it reaches.
  if (plan.sortedByAccess && plan.access.kind === 'ixscan') plan.access.keysExamined = tested;
  const ordered = presorted ? matched : sortDocuments(matched, sort, options.collation ? collatorFor(options.collation) : undefined);
  const docs = skip > 0 || limit !== Number.POSITIVE_INFINITY ? ordered.slice(skip, skip + limit) : ordered;
  return finished({ docs, plan, docsExamined: tested, keysExamined: keysExamined(plan.access) });
}

function finished(run: QueryRun): QueryRun {
  recordQuery(run);
  return run;
}

export function findDocuments(collection: Collection | undefined, options: FindOptions): Document[] {
  const queryOptions = { collation: options.collation, variables: options.variables };
  return projectDocuments(matchDocuments(collection, options), options.projection, options.filter, queryOptions);
}
