import type { Document } from 'bson';
import { compareValues, typeRank } from './bson-order.js';
import { collatorFor, type QueryOptions } from './collation.js';
import { compileFilter } from './matcher.js';
import { isPlainObject } from './path-values.js';
import { parseSortSpec, sortDocuments } from './sort-documents.js';

/**
 * The array update operators whose element comparisons mingo makes with its own equality and
 * order, computed here in MongoDB's (so 5 and 5.0 are one value, and `$sort` follows BSON order).
 * Each returns the new array, or undefined when it would not change it. Strings compare with the
 * command's collation, as mongod's do (collation_update.js: case-insensitive `$addToSet` of "FOO" onto
 * ["foo"] adds nothing).
 */
const LOGICAL = new Set(['$or', '$and', '$nor']);

export function bsonEquals(a: unknown, b: unknown, collator?: Intl.Collator): boolean {
  return typeRank(a) === typeRank(b) && compareValues(a, b, collator) === 0;
}

const eachOf = (operand: unknown): unknown[] =>
  isPlainObject(operand) && Array.isArray(operand.$each) ? operand.$each : [operand];

export function addToSet(current: unknown[], operand: unknown, collator?: Intl.Collator): unknown[] | undefined {
  const next = [...current];
  for (const value of eachOf(operand)) if (!next.some((element) => bsonEquals(element, value, collator))) next.push(value);
  return next.length === current.length ? undefined : next;
}

export function pullAll(current: unknown[], values: unknown[], collator?: Intl.Collator): unknown[] | undefined {
  const kept = current.filter((element) => !values.some((value) => bsonEquals(element, value, collator)));
  return kept.length === current.length ? undefined : kept;
}

/**
 * `$pull`: a condition of operators applies to each element as a value; a document (fields, or
 * `$or`/`$and`/`$nor`) is a query on the elements that are documents; anything else is equality
 * (a regular expression matches strings).
 */
export function pull(current: unknown[], operand: unknown, queryOptions: QueryOptions): unknown[] | undefined {
  let test: (element: unknown) => boolean;
  if (isPlainObject(operand)) {
    const keys = Object.keys(operand);
    if (keys.length > 0 && keys.every((key) => key.startsWith('$') && !LOGICAL.has(key))) {
      const matcher = compileFilter({ v: operand }, queryOptions);
      test = (element) => matcher.test({ v: element });
    } else {
      const matcher = compileFilter(operand, queryOptions);
      test = (element) => isPlainObject(element) && matcher.test(element);
    }
  } else if (operand instanceof RegExp) {
    const matcher = compileFilter({ v: operand }, queryOptions);
    test = (element) => typeof element === 'string' && matcher.test({ v: element });
  } else {
    const collator = queryOptions.collation ? collatorFor(queryOptions.collation) : undefined;
    test = (element) => bsonEquals(element, operand, collator);
  }
  const kept = current.filter((element) => !test(element));
  return kept.length === current.length ? undefined : kept;
}

/** `$push` with `$each` and `$sort` (with `$position` and `$slice`), sorting in BSON order. */
export function pushSorted(current: unknown[], operand: Document, collator?: Intl.Collator): unknown[] {
  const values = Array.isArray(operand.$each) ? operand.$each : [];
  const next = [...current];
  const position = typeof operand.$position === 'number' ? operand.$position : next.length;
  const at = position < 0 ? Math.max(0, next.length + position) : Math.min(position, next.length);
  next.splice(at, 0, ...values);
  let sorted: unknown[] = next;
  const { $sort: sort } = operand;
  if (isPlainObject(sort)) sorted = sortDocuments(next as Document[], parseSortSpec(sort), collator);
  else if (sort !== undefined) {
    const direction = Number(sort) < 0 ? -1 : 1;
    sorted = [...next].sort((a, b) => direction * compareValues(a, b, collator));
  }
  const slice = operand.$slice;
  if (typeof slice !== 'number') return sorted;
  return slice >= 0 ? sorted.slice(0, slice) : sorted.slice(Math.max(0, sorted.length + slice));
}
