import { Context, evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { type Iterator, Lazy } from 'mingo/lazy';
import { Query } from 'mingo/query';
import type { Any, AnyObject, Options, SortSpec } from 'mingo/types';
import type { Document } from 'bson';
import { MongoCommandError, badValue } from '../errors.js';
import { ACCUMULATOR_OVERRIDES, EXPRESSION_OVERRIDES, PIPELINE_OVERRIDES } from './aggregation-operators.js';
import { compareValues, typeRank } from './bson-order.js';
import { matchesBsonType } from './bson-type.js';
import { collatorFor } from './collation.js';
import { jsonSchemaValidator } from './json-schema.js';
import { guardRegex } from './regex-guard.js';
import { operandValue } from './int64-operands.js';
import { numericView, originalOf } from './numeric-view.js';
import { isPlainObject, pathValues } from './path-values.js';
import { matchesNullAt } from './null-equality.js';
import { BITWISE_OPERATORS } from './binary-bits.js';
import { FIELD_PATH_OPERATOR, fieldPathOperator } from './field-path-expressions.js';
import { parseSortSpec, sortDocuments } from './sort-documents.js';

/**
 * mingo's operators, with the few whose behaviour depends on BSON types replaced by versions
 * that follow MongoDB: `$type` knows ObjectId/long/decimal/binData, range operators compare
 * int64 and double alike, `$mod` matches numbers only, and expression comparisons and `$sort`
 * use MongoDB's cross-type order.
 */
type QueryPredicate = (obj: AnyObject) => boolean;

/** Values a query path is compared against: each reached value, and the elements of reached arrays. */
function comparable(obj: AnyObject, selector: string): unknown[] {
  const out: unknown[] = [];
  for (const value of pathValues(obj, selector)) {
    out.push(value);
    if (Array.isArray(value)) out.push(...value);
  }
  return out;
}

/** The collator of the query's collation, if it has one. */
// mingo's updater hands its queries a collation object without a locale when there is none.
const collatorOf = (options: Partial<Options>): Intl.Collator | undefined => (options.collation?.locale ? collatorFor(options.collation) : undefined);

function rangeOperator(test: (c: number) => boolean) {
  return (selector: string, raw: Any, options: Options): QueryPredicate => {
    const value = operandValue(raw);
    // `$gte`/`$lte` null are null equality; `$gt`/`$lt` null match nothing.
    if (value === null) return test(0) ? $eq(selector, null, options) : () => false;
    const collator = collatorOf(options);
    return (obj) => comparable(obj, selector).some((v) => typeRank(v) === typeRank(value) && v !== null && v !== undefined && test(compareValues(v, value, collator)));
  };
}

const $type = (selector: string, value: Any, _options: Options): QueryPredicate => {
  const types = Array.isArray(value) ? value : [value];
  // The matcher sees numeric views; whether a number was stored as a double is in the original.
  return (obj) =>
    pathValues(originalOf(obj), selector).some(
      (v) => types.some((t) => matchesBsonType(v, t)) || (Array.isArray(v) && v.some((e) => types.some((t) => matchesBsonType(e, t)))),
    );
};

/** Whether a path holds a value equal to one of `wanted` in BSON order (with the collation's collator for strings). */
function holdsEqual(obj: AnyObject, selector: string, wanted: unknown[], collator: Intl.Collator | undefined): boolean {
  return comparable(obj, selector).some((v) => wanted.some((w) => typeRank(v) === typeRank(w) && compareValues(v, w, collator) === 0));
}

const $regex = (selector: string, value: Any, options: Options): QueryPredicate =>
  queryOperators.$regex(selector, guardRegex(value as RegExp), options) as QueryPredicate;

/** mingo's equality, with the operands it gets wrong compared in BSON order; a Binary only that way. */
const $eq = (selector: string, raw: Any, options: Options): QueryPredicate => {
  const value = operandValue(raw);
  if (value === null) {
    const parts = selector ? selector.split('.') : [];
    return (obj) => matchesNullAt(obj, parts);
  }
  const collator = collatorOf(options);
  if (value instanceof RegExp) return queryOperators.$eq(selector, raw, options) as QueryPredicate;
  // Compared over the values MongoDB's path traversal reaches (path-values.ts): mingo's also entered
  // arrays nested in arrays and reached `[]` for `a.c` over `a: []`.
  return (obj) => holdsEqual(obj, selector, [value], collator);
};

/** `$exists` and `$size` over the values MongoDB's path traversal reaches. */
const $exists = (selector: string, value: Any, _options: Options): QueryPredicate => {
  const wanted = Boolean(value);
  return (obj) => pathValues(obj, selector).length > 0 === wanted;
};

const $size = (selector: string, value: Any, _options: Options): QueryPredicate => {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badValue('$size needs a number');
  return (obj) => pathValues(obj, selector).some((v) => Array.isArray(v) && v.length === value);
};

const $in = (selector: string, value: Any, options: Options): QueryPredicate => {
  if (!Array.isArray(value)) throw badValue('$in needs an array');
  const collator = collatorOf(options);
  const guarded = value.map((v) => (v instanceof RegExp ? guardRegex(v) : v));
  // null follows MongoDB's null semantics (null-equality.ts); a whole array equals an equal array value.
  const nullTest = guarded.includes(null) ? $eq(selector, null, options) : undefined;
  const rest = guarded.filter((v) => v !== null);
  const special = rest.filter((v) => !(v instanceof RegExp)).map(operandValue);
  const patterns = rest.filter((v): v is RegExp => v instanceof RegExp);
  const base = patterns.length > 0 ? (queryOperators.$in(selector, patterns, options) as QueryPredicate) : () => false;
  return (obj) => (nullTest !== undefined && nullTest(obj)) || base(obj) || (special.length > 0 && holdsEqual(obj, selector, special, collator));
};

/**
 * `$all` of plain values is an `$and` of equalities, so it matches a non-array field equal to its one value
 * (mingo needs an array); `$all` of `$elemMatch` clauses is an `$and` of those (which must then be all of them).
 */
const $all = (selector: string, value: Any, options: Options): QueryPredicate => {
  if (!Array.isArray(value)) throw badValue('$all needs an array');
  if (value.length === 0) return () => false;
  const isElemMatch = (v: unknown): v is { $elemMatch: Any } => isPlainObject(v) && Object.keys(v).length === 1 && '$elemMatch' in v;
  if (value.some(isElemMatch) && !value.every(isElemMatch)) throw badValue('$all/$elemMatch has to be consistent');
  const each = value.map((v) =>
    isElemMatch(v) ? $elemMatch(selector, v.$elemMatch, options) : v instanceof RegExp ? $regex(selector, v, options) : $eq(selector, v as Any, options),
  );
  return (obj) => each.every((test) => test(obj));
};

/**
 * `$elemMatch` as MongoDB has it. With field conditions (or `$and`/`$or`/`$nor`/`$expr`) each element that
 * is a document, or an array read as a document with keys "0", "1"…, is matched as a document (mingo tested
 * scalars too, as documents without fields). With operator-only conditions each element is tested as one
 * value: an element that is an array is compared whole, not through its own elements (elemmatch_value.js:
 * `{$elemMatch: {$lt: 6, $gt: 4}}` does not match `[[5]]`).
 */
const DOCUMENT_OPERATORS = new Set(['$and', '$or', '$nor', '$expr', '$where', '$jsonSchema', '$comment', '$text']);
const $elemMatch = (selector: string, criteria: Any, options: Options): QueryPredicate => {
  if (!isPlainObject(criteria)) throw badValue('$elemMatch needs an Object');
  const test = elemMatchElementTest(criteria, options);
  return (obj) => pathValues(obj, selector).some((v) => Array.isArray(v) && v.some(test));
};

/** Whether one array element satisfies an `$elemMatch` condition (also the projection's `$elemMatch`). */
export function elemMatchElementTest(criteria: Record<string, unknown>, options: Partial<Options>): (element: unknown) => boolean {
  const keys = Object.keys(criteria);
  const onValues = keys.length > 0 && keys.every((key) => key.startsWith('$') && !DOCUMENT_OPERATORS.has(key));
  if (onValues) return elementValueTest(criteria, options);
  const query = new Query(criteria as AnyObject, options);
  return (element) =>
    Array.isArray(element) ? query.test(Object.fromEntries(element.map((e, i) => [String(i), e]))) : isPlainObject(element) && query.test(element);
}

/** Operators that, given a path, never look inside the array it reaches: they test an array element as it is. */
const WHOLE_VALUE_OPERATORS = new Set(['$elemMatch', '$size', '$exists']);
const EQUALITY_OPERATORS: Record<string, (c: number) => boolean> = {
  $eq: (c) => c === 0,
  $gt: (c) => c > 0,
  $gte: (c) => c >= 0,
  $lt: (c) => c < 0,
  $lte: (c) => c <= 0,
};

/** One element against operator-only conditions, as MongoDB's ElemMatchValue does (see `$elemMatch`). */
function elementValueTest(criteria: Record<string, unknown>, options: Partial<Options>): (element: unknown) => boolean {
  const query = new Query({ v: criteria } as AnyObject, options);
  const collator = collatorOf(options);
  const sameAs = (element: unknown[], operand: unknown) => typeRank(element) === typeRank(operand) && compareValues(element, operand, collator) === 0;
  const arrayTests = Object.entries(criteria).map(([op, operand]): ((element: unknown[]) => boolean) => {
    if (WHOLE_VALUE_OPERATORS.has(op)) {
      const one = new Query({ v: { [op]: operand } } as AnyObject, options);
      return (element) => one.test({ v: element });
    }
    const compare = EQUALITY_OPERATORS[op];
    if (compare) {
      const value = operandValue(operand as Any);
      return (element) => typeRank(element) === typeRank(value) && compare(compareValues(element, value, collator));
    }
    if (op === '$ne') return (element) => !sameAs(element, operandValue(operand as Any));
    if (op === '$in' || op === '$nin' || op === '$all') {
      if (!Array.isArray(operand)) throw badValue(`${op} needs an array`);
      const values = operand.map((v) => operandValue(v as Any));
      if (op === '$all') return (element) => values.length > 0 && values.every((v) => sameAs(element, v));
      return (element) => values.some((v) => sameAs(element, v)) === (op === '$in');
    }
    if (op === '$type') {
      const types = Array.isArray(operand) ? operand : [operand];
      return (element) => types.some((t) => matchesBsonType(element, t));
    }
    if (op === '$not') {
      const inner = isPlainObject(operand) ? elementValueTest(operand, options) : elementValueTest({ $regex: operand }, options);
      return (element) => !inner(element);
    }
    // $regex, $mod and the bitwise operators match no array.
    return () => false;
  });
  return (element) => (Array.isArray(element) ? arrayTests.every((t) => t(element)) : query.test({ v: element }));
}

const $ne = (selector: string, value: Any, options: Options): QueryPredicate => {
  const eq = $eq(selector, value, options);
  return (obj) => !eq(obj);
};

const $nin = (selector: string, value: Any, options: Options): QueryPredicate => {
  const inside = $in(selector, value, options);
  return (obj) => !inside(obj);
};

/** `$mod` matches numbers only (JavaScript would happily compute `null % 4`). */
const $mod = (selector: string, value: Any, _options: Options): QueryPredicate => {
  if (!Array.isArray(value) || value.length !== 2) throw new Error('malformed mod, needs to be an array of 2 elements');
  const [divisor, remainder] = value.map(Number) as [number, number];
  return (obj) =>
    comparable(obj, selector).some((v) => (typeof v === 'number' || typeof v === 'bigint') && Math.trunc(Number(v)) % Math.trunc(divisor) === remainder);
};

/** `$sort` in MongoDB's cross-type order, strings by the collation's collator. */
const $sort = (coll: Iterator, sortKeys: SortSpec, options: Options): Iterator =>
  coll.transform((docs: Document[]) => Lazy(sortDocuments(docs, parseSortSpec(sortKeys), collatorOf(options))));

/** `$match` reads each document through its numeric view, as the command-level matcher does. */
const $match = (coll: Iterator, expr: Any, options: Options): Iterator => {
  const query = new Query(numericView(expr) as AnyObject, options);
  return coll.filter((doc: AnyObject) => query.test(numericView(doc)));
};

/** Aggregation comparison: missing sorts below null, otherwise BSON order, strings by the command's collation. */
function expressionCompare(a: unknown, b: unknown, collator: Intl.Collator | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  return compareValues(a, b, collator);
}

function expressionComparison(name: string, test: (c: number) => boolean) {
  return (obj: AnyObject, expr: Any, options: Options): boolean | number => {
    const args = evalExpr(obj, expr, options);
    if (!Array.isArray(args) || args.length !== 2) throw new Error(`Expression ${name} takes exactly 2 arguments.`);
    const c = expressionCompare(args[0], args[1], collatorOf(options));
    return name === '$cmp' ? c : test(c);
  };
}

/** `$in` and `$indexOfArray` with BSON equality and the command's collation (collation_update.js). */
const sameValue = (a: unknown, b: unknown, collator: Intl.Collator | undefined): boolean =>
  a === undefined || b === undefined ? a === b : typeRank(a) === typeRank(b) && compareValues(a, b, collator) === 0;

const $inExpression = (obj: AnyObject, expr: Any, options: Options): boolean => {
  const args = evalExpr(obj, expr, options);
  if (!Array.isArray(args) || args.length !== 2) throw new Error('Expression $in takes exactly 2 arguments.');
  const [value, list] = args as [unknown, unknown];
  if (!Array.isArray(list)) throw new MongoCommandError(40081, 'Location40081', '$in requires an array as a second argument');
  const collator = collatorOf(options);
  return list.some((element) => sameValue(value, element, collator));
};

const $indexOfArray = (obj: AnyObject, expr: Any, options: Options): number | null => {
  const args = evalExpr(obj, expr, options);
  if (!Array.isArray(args) || args.length < 2 || args.length > 4) throw new Error('Expression $indexOfArray takes at least 2 arguments, and at most 4.');
  const [list, value, start = 0, end] = args as [unknown, unknown, unknown, unknown];
  if (list === null || list === undefined) return null;
  if (!Array.isArray(list)) throw new MongoCommandError(40090, 'Location40090', '$indexOfArray requires an array as a first argument');
  const collator = collatorOf(options);
  const last = Math.min(list.length, end === undefined ? list.length : Number(end));
  for (let i = Number(start); i < last; i++) if (sameValue(list[i], value, collator)) return i;
  return -1;
};

export const MONGO_CONTEXT = Context.init({
  accumulator: { ...accumulatorOperators, ...ACCUMULATOR_OVERRIDES },
  expression: {
    ...expressionOperators,
    ...EXPRESSION_OVERRIDES,
    $eq: expressionComparison('$eq', (c) => c === 0),
    $ne: expressionComparison('$ne', (c) => c !== 0),
    $gt: expressionComparison('$gt', (c) => c > 0),
    $gte: expressionComparison('$gte', (c) => c >= 0),
    $lt: expressionComparison('$lt', (c) => c < 0),
    $lte: expressionComparison('$lte', (c) => c <= 0),
    $cmp: expressionComparison('$cmp', () => true),
    $in: $inExpression,
    $indexOfArray,
    [FIELD_PATH_OPERATOR]: fieldPathOperator,
  },
  pipeline: { ...pipelineOperators, ...PIPELINE_OVERRIDES, $sort, $match },
  projection: projectionOperators,
  query: {
    ...queryOperators,
    $type,
    $mod,
    $eq,
    $ne,
    $in,
    $nin,
    $all,
    $exists,
    $size,
    $elemMatch,
    ...BITWISE_OPERATORS,
    $regex,
    $gt: rangeOperator((c) => c > 0),
    $gte: rangeOperator((c) => c >= 0),
    $lt: rangeOperator((c) => c < 0),
    $lte: rangeOperator((c) => c <= 0),
  },
  window: windowOperators,
});

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return { scriptEnabled: false, jsonSchemaValidator, ...extra, context: MONGO_CONTEXT };
}
