import { ObjectId } from 'bson';
import { evalExpr } from 'mingo/core';
import { Aggregator } from 'mingo/aggregator';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import { type Iterator, Lazy } from 'mingo/lazy';
import type { Any, AnyObject, Options } from 'mingo/types';
import { MongoCommandError, badValue, notImplemented } from '../errors.js';
import { compareValues, typeRank } from './bson-order.js';
import type { CollationSpec } from 'mingo/types';
import { collatorFor } from './collation.js';
import { MISSING_VALUE_ACCUMULATORS, MISSING_VALUE_EXPRESSIONS } from './missing-values.js';
import { $setWindowFields } from './window-sort-path.js';
import { isPlainObject } from './path-values.js';
import { ACCUMULATOR_SEMANTICS, STAGE_SEMANTICS } from './stage-semantics.js';
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
 * buckets are left out, buckets come in `_id` order (the default's too), and without a default a value outside every
 * bucket is an error (40066), not a bucket of its own. Boundaries, the default and the values are
 * compared in BSON order with the command's collation (collation_bucket.js: numericOrdering puts "2"
 * below "10"); a default inside the boundaries is refused (40199).
 */
const $bucket: Stage = (coll, expr, options) => {
  if (!isPlainObject(expr) || !Array.isArray(expr.boundaries) || expr.boundaries.length < 2) throw new MongoCommandError(40192, 'Location40192', "$bucket requires 'boundaries' with at least 2 values");
  const collator = options.collation?.locale ? collatorFor(options.collation as CollationSpec) : undefined;
  const compare = (a: unknown, b: unknown): number => compareValues(a, b, collator);
  const bounds = expr.boundaries as unknown[];
  if (!bounds.every((b) => typeRank(b) === typeRank(bounds[0]))) throw new MongoCommandError(40193, 'Location40193', "All values in the the 'boundaries' option to $bucket must have the same type");
  if (!bounds.every((b, i) => i === 0 || compare(bounds[i - 1], b) < 0)) throw new MongoCommandError(40194, 'Location40194', "The 'boundaries' option to $bucket must be sorted in ascending order");
  const hasDefault = 'default' in expr;
  if (hasDefault && compare(expr.default, bounds[0]) >= 0 && compare(expr.default, bounds.at(-1)) < 0) {
    throw new MongoCommandError(40199, 'Location40199', "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.");
  }
  const output = isPlainObject(expr.output) ? expr.output : { count: { $sum: 1 } };
  const lowers = bounds.slice(0, -1);
  // MongoDB's $bucket is a $group then a $sort on _id: a default below the boundaries comes first.
  const defaultFirst = hasDefault && compare(expr.default, bounds[0]) < 0;
  const keys = hasDefault ? (defaultFirst ? [expr.default, ...lowers] : [...lowers, expr.default]) : lowers;
  const defaultSlot = defaultFirst ? 0 : keys.length - 1;
  return coll.transform((docs: AnyObject[]) => {
    const members: AnyObject[][] = keys.map(() => []);
    for (const doc of docs) {
      const value = evalExpr(doc, expr.groupBy, options) as unknown;
      const bucket = lowers.findIndex((lower, i) => compare(value, lower) >= 0 && compare(value, bounds[i + 1]) < 0);
      if (bucket < 0 && !hasDefault) throw new MongoCommandError(40066, 'Location40066', '$switch could not find a matching branch for an input, and no default was specified.');
      const slot = bucket < 0 ? defaultSlot : bucket + (defaultFirst ? 1 : 0);
      (members[slot] as AnyObject[]).push(doc);
    }
    const buckets = keys.flatMap((key, i) =>
      (members[i] as AnyObject[]).length === 0 ? [] : pipelineOperators.$group(Lazy(members[i] as AnyObject[]), { _id: { $literal: key }, ...output }, options).collect<AnyObject>(),
    );
    return Lazy(buckets);
  });
};

/**
 * `$group` under a collation: keys equal under it ("foo" and "FOO" at strength 2) form one group, keyed
 * by the first value seen, as mongod groups them; mingo hashed the binary value. Without a collation,
 * mingo's `$group` as it is. (Accumulators that compare values are refused under a collation by
 * collation-guard.ts.)
 */
const $group: Stage = (coll, expr, options) => {
  const collator = options.collation?.locale ? collatorFor(options.collation as CollationSpec) : undefined;
  if (!collator || !isPlainObject(expr)) return pipelineOperators.$group(coll, expr as never, options);
  const { _id: key, ...accumulators } = expr;
  return coll.transform((docs: AnyObject[]) => {
    const keys: unknown[] = [];
    const members: AnyObject[][] = [];
    for (const doc of docs) {
      const raw = withoutMissing(evalExpr(doc, key as Any, options));
      const value = raw === undefined ? null : raw;
      let slot = keys.findIndex((seen) => typeRank(seen) === typeRank(value) && compareValues(seen, value, collator) === 0);
      if (slot < 0) {
        slot = keys.push(value) - 1;
        members.push([]);
      }
      (members[slot] as AnyObject[]).push(doc);
    }
    return Lazy(keys.flatMap((k, i) => pipelineOperators.$group(Lazy(members[i] as AnyObject[]), { _id: { $literal: k }, ...accumulators }, options).collect<AnyObject>()));
  });
};

/** A computed key with its missing fields left out (mingo's object expressions hold them as undefined). */
function withoutMissing(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMissing);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, withoutMissing(v)]));
}

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

export const ACCUMULATOR_OVERRIDES = { $top, $bottom, ...MISSING_VALUE_ACCUMULATORS, ...ACCUMULATOR_SEMANTICS };
export const EXPRESSION_OVERRIDES = { ...MISSING_VALUE_EXPRESSIONS, $function, $toObjectId, $indexOfCP, $week, $regexMatch, $regexFind, $regexFindAll };
export const PIPELINE_OVERRIDES = { $bucket, $group, $lookup, $setWindowFields, ...STAGE_SEMANTICS };
