import { ObjectId } from 'bson';
import { evalExpr } from 'mingo/core';
import { Aggregator } from 'mingo/aggregator';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import { type Iterator, Lazy } from 'mingo/lazy';
import type { Any, AnyObject, Options } from 'mingo/types';
import { MongoCommandError, badValue, notImplemented } from '../errors.js';
import { compareValues } from './bson-order.js';
import { MISSING_VALUE_ACCUMULATORS, MISSING_VALUE_EXPRESSIONS } from './missing-values.js';
import { $setWindowFields } from './window-sort-path.js';
import { isPlainObject } from './path-values.js';
import { $regexFind, $regexFindAll, $regexMatch } from './regex-expressions.js';

/**
 * Aggregation stages and operators where mingo's answer differs from MongoDB's, each replaced by a
 * small version built on mingo's own pieces. The README's support table names them.
 */

type Accumulator = (coll: AnyObject[], expr: Any, options: Options) => Any;
type Expression = (obj: AnyObject, expr: Any, options: Options) => Any;
type Stage = (coll: Iterator, expr: Any, options: Options) => Iterator;

/** `$top`/`$bottom` answer the one value itself (mingo answers a one-element array, from `$topN`). */
type TopSpec = Parameters<typeof accumulatorOperators.$top>[1];
const $top: Accumulator = (coll, expr, options) => (accumulatorOperators.$top(coll, expr as TopSpec, options) as Any[])[0];
const $bottom: Accumulator = (coll, expr, options) => (accumulatorOperators.$bottom(coll, expr as TopSpec, options) as Any[])[0];

/**
 * `$function` with a body that is a JavaScript function exists only inside mingo (its
 * `$setWindowFields` computes every output through one, and so failed with "$function not
 * implemented"); a client's `$function` (a BSON Code body) is server-side JavaScript, which this
 * server does not run.
 */
const $function: Expression = (obj, expr, options) => {
  const spec = evalExpr(obj, expr, options) as { body?: unknown; args?: unknown[] };
  if (typeof spec.body !== 'function') throw notImplemented('The $function operator');
  return (spec.body as (...args: unknown[]) => Any)(...(spec.args ?? []));
};

const $toObjectId: Expression = (obj, expr, options) => {
  const value = evalExpr(obj, expr, options) as unknown;
  if (value === null || value === undefined) return null;
  if (value instanceof ObjectId) return value;
  if (typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value)) return new ObjectId(value);
  throw new MongoCommandError(241, 'ConversionFailure', `Failed to parse objectId '${String(value)}' in $convert with no onError value`);
};

/** `$indexOfCP`: the code-point index of a substring, or -1; null for a null string. */
const $indexOfCP: Expression = (obj, expr, options) => {
  const args = evalExpr(obj, expr, options) as unknown[];
  if (!Array.isArray(args) || args.length < 2 || args.length > 4) throw badValue('$indexOfCP requires 2 to 4 arguments');
  const [text, search, start = 0, end] = args;
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') throw new MongoCommandError(40093, 'Location40093', '$indexOfCP requires a string as the first argument');
  if (typeof search !== 'string') throw new MongoCommandError(40094, 'Location40094', '$indexOfCP requires a string as the second argument');
  const points = Array.from(text);
  const needle = Array.from(search);
  const last = Math.min(points.length, typeof end === 'number' ? end : points.length);
  for (let i = Number(start); i + needle.length <= last; i++) {
    if (needle.every((point, k) => points[i + k] === point)) return i;
  }
  return -1;
};

/** `$week`: weeks begin on Sunday and the days before the year's first Sunday are week 0. */
const $week: Expression = (obj, expr, options) => {
  const dayOfYear = expressionOperators.$dayOfYear(obj, expr, options) as number | null;
  const dayOfWeek = expressionOperators.$dayOfWeek(obj, expr, options) as number | null;
  if (dayOfYear === null || dayOfWeek === null) return null;
  return Math.floor((dayOfYear - 1 + 7 - (dayOfWeek - 1)) / 7);
};

/**
 * `$bucket`: a value equal to a boundary opens that bucket (mingo puts it in the one before), empty
 * buckets are left out, and the default bucket comes last.
 */
const $bucket: Stage = (coll, expr, options) => {
  if (!isPlainObject(expr) || !Array.isArray(expr.boundaries) || expr.boundaries.length < 2) throw new MongoCommandError(40192, 'Location40192', "$bucket requires 'boundaries' with at least 2 values");
  const bounds = expr.boundaries as unknown[];
  if (!bounds.every((b, i) => i === 0 || compareValues(bounds[i - 1], b) < 0)) throw new MongoCommandError(40194, 'Location40194', "The 'boundaries' option to $bucket must be sorted in ascending order");
  const hasDefault = 'default' in expr;
  const branches = bounds.slice(0, -1).map((lower, i) => ({ case: { $and: [{ $gte: [expr.groupBy, { $literal: lower }] }, { $lt: [expr.groupBy, { $literal: bounds[i + 1] }] }] }, then: { $literal: lower } }));
  const bucketId = { $switch: { branches, ...(hasDefault ? { default: { $literal: expr.default } } : {}) } };
  const output = isPlainObject(expr.output) ? expr.output : { count: { $sum: 1 } };
  const order = [...bounds.slice(0, -1), ...(hasDefault ? [expr.default] : [])];
  const position = (id: unknown): number => order.findIndex((key) => compareValues(key, id) === 0);
  // Without a default, a value outside every bucket is an error (40066), not a bucket of its own.
  const checked = hasDefault
    ? coll
    : coll.map((doc: AnyObject) => {
        const value = evalExpr(doc, expr.groupBy, options) as unknown;
        const inside = bounds.slice(0, -1).some((lower, i) => compareValues(value, lower) >= 0 && compareValues(value, bounds[i + 1]) < 0);
        if (!inside) throw new MongoCommandError(40066, 'Location40066', '$switch could not find a matching branch for an input, and no default was specified.');
        return doc;
      });
  return pipelineOperators
    .$group(checked, { _id: bucketId, ...output }, options)
    .transform((groups: AnyObject[]) => Lazy(groups.slice().sort((a, b) => position(a._id) - position(b._id))));
};

/**
 * `$lookup` with `localField`/`foreignField` and a `pipeline` (MongoDB 5.0): the equality join
 * first, then the pipeline over the joined documents (mingo runs only one of the two).
 */
type LookupSpec = Parameters<typeof pipelineOperators.$lookup>[1] & { pipeline?: AnyObject[]; let?: AnyObject; as: string };

const $lookup: Stage = (coll, expr, options) => {
  const spec = expr as LookupSpec;
  if (!isPlainObject(expr) || spec.pipeline === undefined || spec.localField === undefined) return pipelineOperators.$lookup(coll, spec, options);
  const { pipeline, let: variables, as, ...join } = spec;
  return pipelineOperators.$lookup(coll, { ...join, as }, options).map((doc: AnyObject) => {
    const bound = variables ? (evalExpr(doc, variables, options) as AnyObject) : {};
    // Options are a class with getters, so they are copied field by field.
    const inner: Partial<Options> = {
      context: options.context,
      collation: options.collation,
      collectionResolver: options.collectionResolver,
      scriptEnabled: options.scriptEnabled,
      variables: { ...options.variables, ...bound },
    };
    const joined = new Aggregator(pipeline, inner).run(doc[as] as AnyObject[]);
    return { ...doc, [as]: joined };
  });
};

export const ACCUMULATOR_OVERRIDES = { $top, $bottom, ...MISSING_VALUE_ACCUMULATORS };
export const EXPRESSION_OVERRIDES = { ...MISSING_VALUE_EXPRESSIONS, $function, $toObjectId, $indexOfCP, $week, $regexMatch, $regexFind, $regexFindAll };
export const PIPELINE_OVERRIDES = { $bucket, $lookup, $setWindowFields };
