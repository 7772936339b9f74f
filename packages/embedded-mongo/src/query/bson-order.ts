import { Binary, BSONRegExp, Decimal128, Double, Int32, Long, MaxKey, MinKey, ObjectId, Timestamp } from 'bson';
import { isPlainObject } from './path-values.js';

/**
 * MongoDB's comparison order across BSON types:
 * MinKey < null/missing < numbers < strings < objects < arrays < binData < ObjectId < bool < Date < Timestamp < regex < MaxKey.
 */
export function typeRank(value: unknown): number {
  if (value === undefined || value === null) return 2;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
    case 'symbol':
      return 4;
    case 'boolean':
      return 9;
    default:
      break;
  }
  if (value instanceof MinKey) return 1;
  if (value instanceof MaxKey) return 13;
  if (Array.isArray(value)) return 6;
  if (isPlainObject(value)) return 5;
  if (value instanceof ObjectId) return 8;
  if (value instanceof Date) return 10;
  if (value instanceof Timestamp) return 11;
  if (value instanceof Decimal128 || value instanceof Long || value instanceof Int32 || value instanceof Double) return 3;
  if (value instanceof Binary) return 7;
  if (value instanceof RegExp || value instanceof BSONRegExp) return 12;
  return 5;
}

function toNumber(value: unknown): number | bigint {
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  if (value instanceof Decimal128) return Number(value.toString());
  if (value instanceof Long) return value.toBigInt();
  if (value instanceof Int32 || value instanceof Double) return value.valueOf();
  return Number.NaN;
}

function compareNumbers(a: number | bigint, b: number | bigint): number {
  // NaN sorts below every other number in MongoDB.
  const aNaN = typeof a === 'number' && Number.isNaN(a);
  const bNaN = typeof b === 'number' && Number.isNaN(b);
  if (aNaN || bNaN) return aNaN && bNaN ? 0 : aNaN ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Total order over BSON values as MongoDB compares them; strings by the collation's collator when one is given. */
export function compareValues(a: unknown, b: unknown, collator?: Intl.Collator): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 3:
      return compareNumbers(toNumber(a), toNumber(b));
    case 4: {
      const sa = String(a);
      const sb = String(b);
      if (collator) return Math.sign(collator.compare(sa, sb));
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    }
    case 5:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>, collator);
    case 6:
      return compareArrays(a as unknown[], b as unknown[], collator);
    case 7: {
      const ba = a as Binary;
      const bb = b as Binary;
      if (ba.length() !== bb.length()) return ba.length() < bb.length() ? -1 : 1;
      if (ba.sub_type !== bb.sub_type) return ba.sub_type < bb.sub_type ? -1 : 1;
      return compareBytes(ba.buffer, bb.buffer);
    }
    case 8:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case 9:
      return a === b ? 0 : a ? 1 : -1;
    case 10:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return compareNumbers((a as Timestamp).toBigInt(), (b as Timestamp).toBigInt());
    case 12: {
      const sa = String(a);
      const sb = String(b);
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    }
    default:
      return 0;
  }
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>, collator: Intl.Collator | undefined): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const va = a[ka[i] as string];
    const vb = b[kb[i] as string];
    const byType = typeRank(va) - typeRank(vb);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byName = (ka[i] as string) < (kb[i] as string) ? -1 : (ka[i] as string) > (kb[i] as string) ? 1 : 0;
    if (byName !== 0) return byName;
    const byValue = compareValues(va, vb, collator);
    if (byValue !== 0) return byValue;
  }
  return ka.length === kb.length ? 0 : ka.length < kb.length ? -1 : 1;
}

function compareArrays(a: unknown[], b: unknown[], collator: Intl.Collator | undefined): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i], collator);
    if (c !== 0) return c;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
