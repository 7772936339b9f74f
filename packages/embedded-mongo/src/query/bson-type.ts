import { Binary, BSONRegExp, Code, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { isPlainObject } from './path-values.js';

/** MongoDB's `$type` alias for a stored value. Integers in int32 range are 'int', as the wire encodes them. */
export function bsonTypeAlias(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647 ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    default:
      break;
  }
  if (Array.isArray(value)) return 'array';
  if (isPlainObject(value)) return 'object';
  if (value instanceof ObjectId) return 'objectId';
  if (value instanceof Date) return 'date';
  if (value instanceof Decimal128) return 'decimal';
  if (value instanceof Timestamp) return 'timestamp';
  if (value instanceof Long) return 'long';
  if (value instanceof Int32) return 'int';
  if (value instanceof Double) return 'double';
  if (value instanceof Binary) return 'binData';
  if (value instanceof RegExp || value instanceof BSONRegExp) return 'regex';
  if (value instanceof Code) return 'javascript';
  if (value instanceof MinKey) return 'minKey';
  if (value instanceof MaxKey) return 'maxKey';
  return 'object';
}

const NUMBER_CODES: Record<number, string> = {
  1: 'double', 2: 'string', 3: 'object', 4: 'array', 5: 'binData', 6: 'undefined', 7: 'objectId', 8: 'bool', 9: 'date',
  10: 'null', 11: 'regex', 13: 'javascript', 16: 'int', 17: 'timestamp', 18: 'long', 19: 'decimal', [-1]: 'minKey', 127: 'maxKey',
};

const NUMERIC = new Set(['double', 'int', 'long', 'decimal']);

/** Whether a value is of a `$type` operand (alias, numeric code, or 'number'). */
export function matchesBsonType(value: unknown, type: unknown): boolean {
  const wanted = typeof type === 'number' ? NUMBER_CODES[type] : typeof type === 'bigint' ? NUMBER_CODES[Number(type)] : String(type);
  const actual = bsonTypeAlias(value);
  return wanted === 'number' ? NUMERIC.has(actual) : wanted === actual;
}
