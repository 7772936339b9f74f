import type { Document } from 'bson';
import { badValue, notImplemented } from '../errors.js';
import { isSimpleCollation } from '../query/collation.js';
import { indexKey } from '../query/index-key.js';
import { numericView } from '../query/numeric-view.js';

/** An index definition as createIndexes receives it and listIndexes returns it. */
export interface IndexSpec {
  v: number;
  key: Record<string, number | string>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Document;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export function defaultIndexName(key: Record<string, unknown>): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}

export function parseIndexSpec(given: Document): IndexSpec {
  // A spec is options, not data: `expireAfterSeconds: 3600.0` is the number 3600.
  const raw = numericView(given);
  const key = raw.key as Record<string, number | string> | undefined;
  if (!key || typeof key !== 'object' || Object.keys(key).length === 0) throw badValue('Index key pattern must be a non-empty object');
  for (const [field, dir] of Object.entries(key)) {
    const ok = typeof dir === 'number' || typeof dir === 'bigint' || typeof dir === 'string';
    if (!ok || field === '') throw badValue(`Values in the index key pattern can't be ${String(dir)}`);
  }
  const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : defaultIndexName(key);
  // Index keys are held in binary order: a unique index under a collation would let "a" and "A" both in.
  if (raw.unique && !isSimpleCollation(raw.collation)) throw notImplemented('A unique index with a collation');
  const { v: _v, key: _key, name: _name, ...options } = raw;
  const spec: IndexSpec = { v: 2, key: normaliseKey(key), name, ...options };
  if (raw.unique !== undefined) spec.unique = Boolean(raw.unique);
  if (raw.sparse !== undefined) spec.sparse = Boolean(raw.sparse);
  return spec;
}

function normaliseKey(key: Record<string, unknown>): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [field, dir] of Object.entries(key)) out[field] = typeof dir === 'bigint' ? Number(dir) : (dir as number | string);
  return out;
}

/** Whether two specs describe the same index (so createIndexes is a no-op). */
export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  return sameKeyPattern(a.key, b.key) && Boolean(a.unique) === Boolean(b.unique) && Boolean(a.sparse) === Boolean(b.sparse);
}

/** Whether two key patterns are the same fields, order and directions (`1` and `1n` alike). */
export function sameKeyPattern(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return indexKey(a) === indexKey(b);
}
