import { Binary, Decimal128, Double, ObjectId } from 'bson';
import { isPlainObject } from './path-values.js';

/** A value as MongoDB's error messages show it (`{ email: "a@x" }`, `ObjectId('…')`); never throws. */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}`;
  if (typeof value !== 'object') return String(value);
  if (value instanceof Double) return Number.isInteger(value.value) ? value.value.toFixed(1) : String(value.value);
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof Decimal128) return `Decimal128("${value.toString()}")`;
  if (value instanceof Binary) return `BinData(${value.sub_type}, ${Buffer.from(value.buffer).toString('base64')})`;
  if (Array.isArray(value)) return `[ ${value.map(formatValue).join(', ')} ]`;
  if (isPlainObject(value)) {
    const fields = Object.entries(value).map(([key, v]) => `${key}: ${formatValue(v)}`);
    return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
  }
  return String(value);
}
