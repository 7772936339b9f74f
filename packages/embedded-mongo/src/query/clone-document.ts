import { isPlainObject } from './path-values.js';

/**
 * Deep copy of a document's structure (objects, arrays, dates); BSON value objects such as
 * ObjectId, Binary and Decimal128 are immutable and shared.
 */
export function cloneValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneValue) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = cloneValue(value[key]);
    return out as T;
  }
  return value;
}
