import type { Document } from 'bson';
import { Decimal128, ObjectId } from 'bson';
import type { Bound } from '../storage/ordered-keys.js';
import { typeRank } from './bson-order.js';
import { numericView } from './numeric-view.js';
import { isPlainObject } from './path-values.js';

/** What an index can answer for one path of a filter: a set of equal values, or a range in one type bracket. */
export type IndexCondition =
  | { path: string; kind: 'equal'; values: unknown[] }
  | { path: string; kind: 'range'; rank: number; lower?: Bound; upper?: Bound };

/** Values an index lookup can serve: scalars whose equality is exact (not null, regex, arrays, objects). */
function isIndexableScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
      return !Number.isNaN(value);
    case 'string':
    case 'boolean':
    case 'bigint':
      return true;
    default:
      return value instanceof ObjectId || value instanceof Date || value instanceof Decimal128;
  }
}

function isRangeScalar(value: unknown): boolean {
  return (typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'string' || value instanceof Date || value instanceof ObjectId;
}

/**
 * The conditions of a filter that an index can narrow. Each one selects a superset of the documents
 * the whole filter matches, so the matcher still runs on the candidates.
 */
export function indexConditions(filter: Document): IndexCondition[] {
  const out: IndexCondition[] = [];
  for (const [path, cond] of Object.entries(numericView(filter))) {
    if (path === '$and' && Array.isArray(cond)) {
      for (const part of cond) if (isPlainObject(part)) out.push(...indexConditions(part));
      continue;
    }
    if (path.startsWith('$')) continue;
    const found = conditionFor(path, cond);
    if (found) out.push(found);
  }
  return out;
}

function conditionFor(path: string, cond: unknown): IndexCondition | undefined {
  if (isIndexableScalar(cond)) return { path, kind: 'equal', values: [cond] };
  if (!isPlainObject(cond)) return undefined;
  const ops = Object.keys(cond);
  if (ops.length === 0 || !ops.every((op) => op.startsWith('$'))) return undefined;
  if ('$eq' in cond && isIndexableScalar(cond.$eq)) return { path, kind: 'equal', values: [cond.$eq] };
  if ('$in' in cond && Array.isArray(cond.$in) && cond.$in.every(isIndexableScalar)) return { path, kind: 'equal', values: cond.$in };
  let lower: Bound | undefined;
  let upper: Bound | undefined;
  let rank: number | undefined;
  for (const op of ['$gt', '$gte', '$lt', '$lte'] as const) {
    if (!(op in cond)) continue;
    const value = cond[op];
    if (!isRangeScalar(value)) return undefined;
    const r = typeRank(value);
    if (rank !== undefined && rank !== r) return undefined;
    rank = r;
    const bound = { value, inclusive: op.endsWith('e') };
    if (op.startsWith('$g')) lower = bound;
    else upper = bound;
  }
  if (rank === undefined) return undefined;
  const range: IndexCondition = { path, kind: 'range', rank };
  if (lower) range.lower = lower;
  if (upper) range.upper = upper;
  return range;
}
