import type { QueryRun } from './find-documents.js';

/** What one operation's queries looked at, for its slow-operation log line. */
export interface OperationStats {
  docsExamined: number;
  keysExamined: number;
  /** The plan summary of each query the operation ran, in order (`COLLSCAN`, `IXSCAN { a: 1 }`…). */
  planSummaries: string[];
  /** The operation's first query (its filter and sort name the operation in the log). */
  firstQuery: QueryRun['plan'] | undefined;
  /** The largest query that read the whole collection without an index, if any. */
  widestCollectionScan: QueryRun['plan'] | undefined;
}

/**
 * The statistics of the operation running now. Commands run one at a time on the server's thread and
 * synchronously (as with the time budget), so one accumulator per thread is enough: the connection opens
 * it around a command, every query of the command adds to it, and a query run outside any command (the
 * TTL monitor's) is not counted.
 */
let current: OperationStats | undefined;

export function withOperationStats<T>(run: () => T): { result: T; stats: OperationStats } {
  const outer = current;
  const stats: OperationStats = { docsExamined: 0, keysExamined: 0, planSummaries: [], firstQuery: undefined, widestCollectionScan: undefined };
  current = stats;
  try {
    return { result: run(), stats };
  } finally {
    current = outer;
  }
}

export function recordQuery(run: QueryRun): void {
  if (!current) return;
  current.docsExamined += run.docsExamined;
  current.keysExamined += run.keysExamined;
  current.planSummaries.push(planSummary(run.plan.access));
  current.firstQuery ??= run.plan;
  if (run.plan.access.kind === 'collscan' && (current.widestCollectionScan?.collectionSize ?? -1) < run.plan.collectionSize) {
    current.widestCollectionScan = run.plan;
  }
}

/** mongod's `planSummary`: the stage that reads, with the key pattern of an index. */
export function planSummary(access: QueryRun['plan']['access']): string {
  switch (access.kind) {
    case 'eof':
      return 'EOF';
    case 'collscan':
      return 'COLLSCAN';
    case 'idhack':
      return 'IDHACK';
    case 'ixscan':
      return `IXSCAN ${keyPatternText(access.index.key)}`;
    case 'or':
      return access.branches.map(planSummary).join(', ');
  }
}

function keyPatternText(key: Record<string, number | string>): string {
  return `{ ${Object.entries(key)
    .map(([field, direction]) => `${field}: ${typeof direction === 'string' ? JSON.stringify(direction) : direction}`)
    .join(', ')} }`;
}
