import { Context, evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { type Iterator, Lazy } from 'mingo/lazy';
import type { Any, AnyObject, Options, SortSpec } from 'mingo/types';
import type { Document } from 'bson';
import { badValue } from '../errors.js';
import { compareValues, typeRank } from './bson-order.js';
import { matchesBsonType } from './bson-type.js';
import { operandValue } from './int64-operands.js';
import { pathValues } from './path-values.js';
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

function rangeOperator(test: (c: number) => boolean) {
  return (selector: string, raw: Any, _options: Options): QueryPredicate => {
    const value = operandValue(raw);
    return (obj) => comparable(obj, selector).some((v) => typeRank(v) === typeRank(value) && v !== null && v !== undefined && test(compareValues(v, value)));
  };
}

const $type = (selector: string, value: Any, _options: Options): QueryPredicate => {
  const types = Array.isArray(value) ? value : [value];
  return (obj) =>
    pathValues(obj, selector).some(
      (v) => types.some((t) => matchesBsonType(v, t)) || (Array.isArray(v) && v.some((e) => types.some((t) => matchesBsonType(e, t)))),
    );
};

const isIntOrLong = (v: unknown): v is number | bigint => typeof v === 'number' || typeof v === 'bigint';

/** Whether a path holds a number equal to one of `wanted`, comparing int64 and double by value. */
function holdsNumber(obj: AnyObject, selector: string, wanted: Array<number | bigint>): boolean {
  return comparable(obj, selector).some((v) => isIntOrLong(v) && wanted.some((w) => compareValues(v, w) === 0));
}

/**
 * mingo's equality, widened so an int64 (bigint) and a double of the same value are equal, as in
 * MongoDB. Only numeric operands take the extra check, and only when mingo's own test failed.
 */
const $eq = (selector: string, raw: Any, options: Options): QueryPredicate => {
  const base = queryOperators.$eq(selector, raw, options) as QueryPredicate;
  const value = operandValue(raw);
  if (!isIntOrLong(value)) return base;
  return (obj) => base(obj) || holdsNumber(obj, selector, [value]);
};

const $in = (selector: string, value: Any, options: Options): QueryPredicate => {
  if (!Array.isArray(value)) throw badValue('$in needs an array');
  const base = queryOperators.$in(selector, value, options) as QueryPredicate;
  const numbers = Array.isArray(value) ? value.map(operandValue).filter(isIntOrLong) : [];
  if (numbers.length === 0) return base;
  return (obj) => base(obj) || holdsNumber(obj, selector, numbers);
};

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

/** `$sort` in MongoDB's cross-type order (mingo's own order is kept for collation-aware sorts). */
const $sort = (coll: Iterator, sortKeys: SortSpec, options: Options): Iterator => {
  if (options.collation) return pipelineOperators.$sort(coll, sortKeys, options);
  return coll.transform((docs: Document[]) => Lazy(sortDocuments(docs, parseSortSpec(sortKeys))));
};

/** Aggregation comparison: missing sorts below null, otherwise BSON order. */
function expressionCompare(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  return compareValues(a, b);
}

function expressionComparison(name: string, test: (c: number) => boolean) {
  return (obj: AnyObject, expr: Any, options: Options): boolean | number => {
    const args = evalExpr(obj, expr, options);
    if (!Array.isArray(args) || args.length !== 2) throw new Error(`Expression ${name} takes exactly 2 arguments.`);
    const c = expressionCompare(args[0], args[1]);
    return name === '$cmp' ? c : test(c);
  };
}

export const MONGO_CONTEXT = Context.init({
  accumulator: accumulatorOperators,
  expression: {
    ...expressionOperators,
    $eq: expressionComparison('$eq', (c) => c === 0),
    $ne: expressionComparison('$ne', (c) => c !== 0),
    $gt: expressionComparison('$gt', (c) => c > 0),
    $gte: expressionComparison('$gte', (c) => c >= 0),
    $lt: expressionComparison('$lt', (c) => c < 0),
    $lte: expressionComparison('$lte', (c) => c <= 0),
    $cmp: expressionComparison('$cmp', () => true),
  },
  pipeline: { ...pipelineOperators, $sort },
  projection: projectionOperators,
  query: {
    ...queryOperators,
    $type,
    $mod,
    $eq,
    $ne,
    $in,
    $nin,
    $gt: rangeOperator((c) => c > 0),
    $gte: rangeOperator((c) => c >= 0),
    $lt: rangeOperator((c) => c < 0),
    $lte: rangeOperator((c) => c <= 0),
  },
  window: windowOperators,
});

export function mingoOptions(extra: Partial<Options> = {}): Partial<Options> {
  return { scriptEnabled: false, ...extra, context: MONGO_CONTEXT };
}
