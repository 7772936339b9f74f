import { EJSON } from 'bson';

/**
 * Matching of the unified test format (mongodb/specifications, unified-test-format.md): an expected
 * value against an actual one, with the special operators the CRUD tests use. Numbers compare by
 * value across int, long and double; documents may hold extra fields unless `exact`.
 */
const isDoc = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v !== null && typeof v === 'object' && '_bsontype' in v) {
    const type = (v as { _bsontype: string })._bsontype;
    if (type === 'Int32' || type === 'Double' || type === 'Long' || type === 'Decimal128') return Number(String(v.valueOf()));
  }
  return undefined;
}

const TYPE_CHECKS: Record<string, (v: unknown) => boolean> = {
  int: (v) => (typeof v === 'number' && Number.isInteger(v)) || (v as { _bsontype?: string } | null)?._bsontype === 'Int32',
  long: (v) => typeof v === 'number' || typeof v === 'bigint' || (v as { _bsontype?: string } | null)?._bsontype === 'Long',
  double: (v) => typeof v === 'number',
  string: (v) => typeof v === 'string',
  object: isDoc,
  array: Array.isArray,
  bool: (v) => typeof v === 'boolean',
  objectId: (v) => (v as { _bsontype?: string } | null)?._bsontype === 'ObjectId',
  date: (v) => v instanceof Date,
  binData: (v) => (v as { _bsontype?: string } | null)?._bsontype === 'Binary',
};

/** Returns a description of the first difference, or undefined when `actual` matches `expected`. */
export function mismatch(expected: unknown, actualValue: unknown, path = '$', exact = false): string | undefined {
  // The driver sends a sort as a Map.
  const actual = actualValue instanceof Map ? Object.fromEntries(actualValue) : actualValue;
  if (isDoc(expected)) {
    const keys = Object.keys(expected);
    if (keys.length === 1 && keys[0]?.startsWith('$$')) return special(keys[0], expected[keys[0]], actual, path, exact);
    if (!isDoc(actual) && !(actual !== null && typeof actual === 'object' && !Array.isArray(actual) && !('_bsontype' in actual))) {
      return `${path}: expected a document, got ${EJSON.stringify(actual as never)}`;
    }
    const fields = actual as Record<string, unknown>;
    for (const key of keys) {
      const value = expected[key];
      if (isDoc(value) && '$$exists' in value) {
        const present = fields[key] !== undefined;
        if (present !== Boolean(value.$$exists)) return `${path}.${key}: expected ${value.$$exists ? 'present' : 'absent'}`;
        continue;
      }
      if (isDoc(value) && '$$unsetOrMatches' in value && fields[key] === undefined) continue;
      const diff = mismatch(value, fields[key], `${path}.${key}`, exact);
      if (diff) return diff;
    }
    if (exact) {
      const extra = Object.keys(fields).filter((k) => !(k in expected) && fields[k] !== undefined);
      if (extra.length > 0) return `${path}: unexpected fields ${extra.join(', ')}`;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${EJSON.stringify(actual as never)}`;
    if (actual.length !== expected.length) return `${path}: expected ${expected.length} elements, got ${actual.length}: ${EJSON.stringify(actual as never)}`;
    for (let i = 0; i < expected.length; i++) {
      const diff = mismatch(expected[i], actual[i], `${path}[${i}]`, exact);
      if (diff) return diff;
    }
    return undefined;
  }
  const en = asNumber(expected);
  if (en !== undefined) return asNumber(actual) === en ? undefined : `${path}: expected ${en}, got ${EJSON.stringify(actual as never)}`;
  if (expected === null || typeof expected !== 'object') {
    return expected === actual ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${EJSON.stringify(actual as never)}`;
  }
  const a = EJSON.stringify(actual as never, { relaxed: false });
  const e = EJSON.stringify(expected as never, { relaxed: false });
  return a === e ? undefined : `${path}: expected ${e}, got ${a}`;
}

function special(operator: string, operand: unknown, actual: unknown, path: string, exact: boolean): string | undefined {
  switch (operator) {
    case '$$unsetOrMatches':
      return actual === undefined ? undefined : mismatch(operand, actual, path, exact);
    case '$$exists':
      return (actual !== undefined) === Boolean(operand) ? undefined : `${path}: $$exists ${String(operand)}`;
    case '$$type': {
      const types = Array.isArray(operand) ? operand : [operand];
      return types.some((t) => TYPE_CHECKS[t as string]?.(actual)) ? undefined : `${path}: expected type ${types.join('|')}`;
    }
    case '$$lte':
      return (asNumber(actual) ?? Number.NaN) <= (asNumber(operand) ?? Number.NaN) ? undefined : `${path}: expected <= ${String(operand)}`;
    case '$$matchAsDocument':
      return typeof actual === 'string' ? mismatch(operand, EJSON.parse(actual), path, exact) : `${path}: expected a JSON string`;
    case '$$matchAsRoot':
      return mismatch(operand, actual, path, false);
    case '$$sessionLsid':
      return undefined;
    default:
      return `${path}: the runner does not know ${operator}`;
  }
}
