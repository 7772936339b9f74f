import { Decimal128, Double, Long } from 'bson';
import { evalExpr } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import type { Any, AnyObject, Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { formatValue } from './format-value.js';
import { bsonTypeAlias } from './bson-type.js';

/**
 * Aggregation operators where mingo treats a missing path differently from MongoDB: `$sum`/`$avg` as
 * expressions skip what is not a number (mingo failed when one document lacked the path), the
 * `$push`/`$addToSet` accumulators leave missing values out (mingo added null), and `$size` of
 * something that is not an array answers 17124 (mingo answered null).
 */
type Expression = (obj: AnyObject, expr: Any, options: Options) => Any;
type Accumulator = (coll: AnyObject[], expr: Any, options: Options) => Any;

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Double || value instanceof Long) return Number(value.valueOf());
  if (value instanceof Decimal128) return Number(value.toString());
  return undefined;
}

/** The numbers a `$sum`/`$avg` expression adds: one operand that is an array gives its elements. */
function numericOperands(obj: AnyObject, expr: Any, options: Options): number[] {
  let values: unknown[];
  if (Array.isArray(expr)) {
    if (expr.length === 1) {
      const only = evalExpr(obj, expr[0], options) as unknown;
      values = Array.isArray(only) ? only : [only];
    } else values = expr.map((e) => evalExpr(obj, e, options) as unknown);
  } else {
    const value = evalExpr(obj, expr, options) as unknown;
    values = Array.isArray(value) ? value : [value];
  }
  return values.map(numberOf).filter((n): n is number => n !== undefined);
}

/** mingo looks up an expression operator before an accumulator, also for `$group`'s groups (an array of documents). */
const $sum: Expression = (obj, expr, options) => {
  if (Array.isArray(obj)) return accumulatorOperators.$sum(obj, expr, options);
  return numericOperands(obj, expr, options).reduce((a, b) => a + b, 0);
};

const $avg: Expression = (obj, expr, options) => {
  if (Array.isArray(obj)) return accumulatorOperators.$avg(obj, expr, options);
  const numbers = numericOperands(obj, expr, options);
  return numbers.length === 0 ? null : numbers.reduce((a, b) => a + b, 0) / numbers.length;
};

const $size: Expression = (obj, expr, options) => {
  const value = evalExpr(obj, Array.isArray(expr) && expr.length === 1 ? expr[0] : expr, options) as unknown;
  if (!Array.isArray(value)) {
    const type = value === undefined ? 'missing' : bsonTypeAlias(value);
    throw new MongoCommandError(17124, 'Location17124', `The argument to $size must be an array. Type of input: ${type}`);
  }
  return value.length;
};

/**
 * The documents of a group for which the expression gives a value. mingo evaluates each with that
 * document as the root, through its ComputeOptions, which it does not export: its class is reached
 * through the options instance the group hands in.
 */
type RootedOptions = { init(options: Options): { update(locals: { root: AnyObject }): Options } };

/** What an accumulator's expression gives for each document of a group (undefined where the path is missing). */
export function groupValues(coll: AnyObject[], expr: Any, options: Options): unknown[] {
  const rooted = options.constructor as unknown as Partial<RootedOptions>;
  if (typeof rooted.init !== 'function') return coll.map((root) => evalExpr(root, expr, options));
  const computeOptions = rooted.init(options);
  return coll.map((root) => evalExpr(root, expr, computeOptions.update({ root })));
}

function present(coll: AnyObject[], expr: Any, options: Options): AnyObject[] {
  if (expr === null || expr === undefined) return coll;
  const rooted = options.constructor as unknown as Partial<RootedOptions>;
  if (typeof rooted.init !== 'function') return coll.filter((root) => evalExpr(root, expr, options) !== undefined);
  const computeOptions = rooted.init(options);
  return coll.filter((root) => evalExpr(root, expr, computeOptions.update({ root })) !== undefined);
}

const $push: Accumulator = (coll, expr, options) => accumulatorOperators.$push(present(coll, expr, options), expr, options);
const $addToSet: Accumulator = (coll, expr, options) => accumulatorOperators.$addToSet(present(coll, expr, options), expr, options);

/** `$arrayToObject` of one argument (mingo took a literal array of pairs as the argument list). */
const $arrayToObject: Expression = (obj, expr, options) => {
  const value = evalExpr(obj, Array.isArray(expr) && expr.length === 1 ? expr[0] : expr, options) as unknown;
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) throw new MongoCommandError(40386, 'Location40386', `$arrayToObject requires an array input, found: ${bsonTypeAlias(value)}`);
  const out: Record<string, unknown> = {};
  for (const entry of value) {
    if (Array.isArray(entry)) {
      if (entry.length !== 2) throw new MongoCommandError(40397, 'Location40397', `$arrayToObject requires an array of size 2 arrays,found array of size: ${entry.length}`);
      if (typeof entry[0] !== 'string') throw new MongoCommandError(40395, 'Location40395', `$arrayToObject requires an array of key-value pairs, where the key must be of type string. Found key type: ${bsonTypeAlias(entry[0])}`);
      out[entry[0]] = entry[1];
    } else if (entry !== null && typeof entry === 'object' && 'k' in entry && 'v' in entry && Object.keys(entry).length === 2) {
      const { k, v } = entry as { k: unknown; v: unknown };
      if (typeof k !== 'string') throw new MongoCommandError(40394, 'Location40394', `$arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be of type string. Found type: ${bsonTypeAlias(k)}`);
      out[k] = v;
    } else {
      throw new MongoCommandError(40398, 'Location40398', `Unrecognised input type format for $arrayToObject: ${formatValue(entry)}`);
    }
  }
  return out;
};

export const MISSING_VALUE_EXPRESSIONS = { $sum, $avg, $size, $arrayToObject };
export const MISSING_VALUE_ACCUMULATORS = { $push, $addToSet };
