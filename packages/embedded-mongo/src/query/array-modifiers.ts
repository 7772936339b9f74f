import type { Document } from 'bson';
import { badValue } from '../errors.js';
import { bsonTypeAlias } from './bson-type.js';
import { isPlainObject } from './path-values.js';

/**
 * The operands of `$push` and `$addToSet` read as MongoDB reads them (push_node.cpp, add_to_set_node.cpp),
 * each put in the `{$each: [...]}` form the rest of the update applies:
 * - `$push`: an object holding `$each` is a modifier, whose clauses are checked (`$each` an array, `$slice`
 *   and `$position` integers, `$sort` 1/-1 or a non-empty pattern of 1/-1 on non-empty paths, nothing
 *   else); any other value, an object such as `{$sort: {a: -1}}` included, is pushed as it is.
 * - `$addToSet`: an object whose first field is `$each` is a modifier (`$each` an array, nothing after it);
 *   any other value is added as it is.
 * mingo took `{$sort: …}` without `$each` for a broken modifier, and accepted every malformed clause,
 * pushing or storing something; MongoDB answers BadValue (2).
 */
const PUSH_CLAUSES = new Set(['$each', '$slice', '$sort', '$position']);

export function normaliseArrayModifiers(modifier: Document): Document {
  const out: Document = { ...modifier };
  for (const op of ['$push', '$addToSet'] as const) {
    const fields = modifier[op];
    if (!isPlainObject(fields)) continue;
    const normalised: Document = {};
    for (const [path, operand] of Object.entries(fields)) normalised[path] = op === '$push' ? pushOperand(operand) : addToSetOperand(operand);
    out[op] = normalised;
  }
  return out;
}

function pushOperand(operand: unknown): Document {
  if (!isPlainObject(operand) || !('$each' in operand)) return { $each: [operand] };
  for (const clause of Object.keys(operand)) if (!PUSH_CLAUSES.has(clause)) throw badValue(`Unrecognized clause in $push: ${clause}`);
  if (!Array.isArray(operand.$each)) throw badValue(`The argument to $each in $push must be an array but it was of type: ${bsonTypeAlias(operand.$each)}`);
  for (const clause of ['$slice', '$position'] as const) {
    const value = operand[clause];
    if (value === undefined) continue;
    const n = numberOf(value);
    if (n === undefined) throw badValue(`The value for ${clause} must be an integer value but was given type: ${bsonTypeAlias(value)}`);
    if (!Number.isInteger(n)) throw badValue(`The value for ${clause} must be an integer value but was ${n}`);
  }
  if (operand.$sort !== undefined) checkSort(operand.$sort);
  return operand;
}

function checkSort(sort: unknown): void {
  const direction = (value: unknown): boolean => {
    const n = numberOf(value);
    return n === 1 || n === -1;
  };
  if (isPlainObject(sort)) {
    const entries = Object.entries(sort);
    if (entries.length === 0) throw badValue('The $sort pattern is empty when it should be a set of fields.');
    for (const [field, value] of entries) {
      if (field === '') throw badValue('The $sort field cannot be empty');
      if (field.split('.').some((part) => part === '')) throw badValue(`The $sort field is a dotted field but has an empty part: ${field}`);
      if (!direction(value)) throw badValue('The $sort element value must be either 1 or -1');
    }
    return;
  }
  if (numberOf(sort) !== undefined) {
    if (!direction(sort)) throw badValue('The $sort element value must be either 1 or -1');
    return;
  }
  throw badValue('The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields');
}

function addToSetOperand(operand: unknown): Document {
  if (!isPlainObject(operand) || Object.keys(operand)[0] !== '$each') return { $each: [operand] };
  if (!Array.isArray(operand.$each)) throw badValue(`The argument to $each in $addToSet must be an array but it was of type ${bsonTypeAlias(operand.$each)}`);
  if (Object.keys(operand).length > 1) throw badValue(`Found unexpected fields after $each in $addToSet: ${Object.keys(operand).slice(1).join(', ')}`);
  return operand;
}

/** A number of any BSON numeric type as a JavaScript number (int64 and Decimal128 included). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  const kind = bsonTypeAlias(value);
  if (kind === 'int' || kind === 'long' || kind === 'double' || kind === 'decimal') return Number(String(value));
  return undefined;
}
