import type { QueryRun } from './find-documents.js';

/** What one operation's queries looked at, for its slow-operation log line. */
export interface OperationStats {
  docsExamined: number;
  keysExamined: number;
  /** The access path of each query the operation ran, in order (summarised only when the line is written). */
  accessPaths: QueryRun['plan']['access'][];
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
  const stats: OperationStats = { docsExamined: 0, keysExamined: 0, accessPaths: [], firstQuery: undefined, widestCollectionScan: undefined };
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
  current.accessPaths.push(run.plan.access);
  current.firstQuery ??= run.plan;
  if (run.plan.access.kind === 'collscan' && (current.widestCollectionScan?.collectionSize ?? -1) < run.plan.collectionSize) {
    current.widestCollectionScan = run.plan;
  }
}
