import type { IndexSpec } from '../storage/index-spec.js';

/**
 * How a query reaches its candidate documents: the path the planner chose, kept so that `explain`
 * and the slow-operation log report the plan that really ran rather than one guessed beside it.
 */
export type AccessPath =
  /** No collection: nothing to read (mongod's EOF). */
  | { kind: 'eof' }
  /** Every document of the collection, in natural order. */
  | { kind: 'collscan' }
  /** A lookup of `_id` values in the documents' own map (mongod's IDHACK). */
  | { kind: 'idhack'; keysExamined: number }
  /** Entries of one index, for an equality, a range or a sorted walk. */
  | { kind: 'ixscan'; index: IndexSpec; multikey: boolean; direction: 1 | -1; keysExamined: number; firstFieldBounds: string[] }
  /** The union of several index scans (an `$or` whose every branch uses an index). */
  | { kind: 'or'; branches: AccessPath[]; keysExamined: number };

export function keysExamined(path: AccessPath): number {
  return path.kind === 'collscan' || path.kind === 'eof' ? 0 : path.keysExamined;
}
