import { type Document, Timestamp } from 'bson';

export type ChangeOperation = 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'dropDatabase';

/** One change as the log keeps it (and persists it in `local.lattice.changes`). */
export interface LoggedChange {
  _id: number;
  /** The cluster time's seconds and increment (kept as numbers: the storage reads int64-like values back as bigint). */
  t: number;
  i: number;
  wall: Date;
  op: ChangeOperation;
  db: string;
  coll?: string;
  /** The changed document's `_id`. */
  key?: unknown;
  /** The document as written, for insert and replace. */
  doc?: Document;
  /** For update: the top-level fields set and removed. */
  updated?: Document;
  removed?: string[];
}

export function clusterTime(change: LoggedChange): Timestamp {
  return new Timestamp({ t: change.t, i: change.i });
}

/** The top-level fields that differ between two versions of a document, as MongoDB's `updateDescription`. */
export function describeUpdate(before: Document, after: Document): { updated: Document; removed: string[] } {
  const updated: Document = {};
  const removed: string[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (!(field in before) || !sameValue(before[field], value)) updated[field] = value;
  }
  for (const field of Object.keys(before)) if (!(field in after)) removed.push(field);
  return { updated, removed };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (typeof (a as { equals?: unknown }).equals === 'function') return (a as { equals(other: unknown): boolean }).equals(b);
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key, i) => key === keysB[i] && sameValue((a as Document)[key], (b as Document)[key]));
}
