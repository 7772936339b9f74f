import { type Document, Long } from 'bson';
import { isPlainObject } from './path-values.js';

/**
 * mingo formats a query into an error message eagerly with JSON.stringify, which throws on
 * bigint; so int64 operands travel through mingo as bson Long objects and our comparison
 * operators turn them back into bigints.
 */
export function int64AsLong<T>(value: T): T {
  if (typeof value === 'bigint') return Long.fromBigInt(value) as T;
  if (Array.isArray(value)) return value.map(int64AsLong) as T;
  if (isPlainObject(value)) {
    const out: Document = {};
    for (const key of Object.keys(value)) out[key] = int64AsLong(value[key]);
    return out as T;
  }
  return value;
}

/** The operand an operator compares with: a Long from int64AsLong becomes a bigint again. */
export function operandValue(value: unknown): unknown {
  return value instanceof Long ? value.toBigInt() : value;
}
