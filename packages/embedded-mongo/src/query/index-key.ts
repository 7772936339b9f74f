import { Binary, Decimal128, Double, ObjectId } from 'bson';
import { isPlainObject } from './path-values.js';

/**
 * A string that is equal for two values exactly when the query matcher treats them as equal
 * (int64 and double of one value included), so a hash lookup on it returns every document an
 * equality filter could match.
 * Missing and null share a key, as in a MongoDB index.
 */
export function indexKey(value: unknown): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'number':
      return Object.is(value, -0) ? 'n0' : `n${value}`;
    case 'string':
      return `s${value}`;
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'bigint':
      // Same key as the equal double, so int64 and double values meet in one index entry.
      return BigInt(Number(value)) === value ? indexKey(Number(value)) : `l${value}`;
    default:
      break;
  }
  if (value instanceof Double) return indexKey(value.value);
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (value instanceof Date) return `d${value.getTime()}`;
  if (Array.isArray(value)) return `[${value.map(indexKey).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${indexKey(value[k])}`)
      .join(',')}}`;
  }
  if (value instanceof Decimal128) return `m${value.toString()}`;
  if (value instanceof Binary) return `B${value.sub_type}:${Buffer.from(value.buffer).toString('base64')}`;
  if (value instanceof RegExp) return `r${String(value)}`;
  const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
  return `x${name}:${String(value)}`;
}
