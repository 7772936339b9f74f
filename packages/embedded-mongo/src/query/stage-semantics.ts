import { Lazy } from 'mingo/lazy';
import type { Iterator } from 'mingo/lazy';
import * as pipelineOperators from 'mingo/operators/pipeline';
import type { Any, AnyObject, Options } from 'mingo/types';
import { compareValues } from './bson-order.js';
import { groupValues } from './missing-values.js';
import { isPlainObject } from './path-values.js';
import { orderProjected, projectionTree } from './project-field-order.js';

/**
 * Stages and accumulators where the differential test (conformance/differential-aggregation.test.ts)
 * found mingo answering otherwise than MongoDB's manual:
 * - `$unwind` drops only missing, null and empty arrays: any other value ("" and {} included) is a
 *   one-element array (mingo dropped "" and {});
 * - `$count` of no documents outputs no document (mingo output {n: 0});
 * - `$max`/`$min` in `$group` compare whole values in BSON order, arrays as arrays (mingo compared
 *   arrays by their elements), leaving null and missing out;
 * - an inclusion `$project` outputs `_id` first (mingo put it after `a` for `{'a.b': 1}`), then the fields in
 *   mongod's order (mingo sorted them by name).
 */
type Stage = (coll: Iterator, expr: Any, options: Options) => Iterator;
type Accumulator = (coll: AnyObject[], expr: Any, options: Options) => Any;

const $unwind: Stage = (coll, expr, options) => {
  const spec = typeof expr === 'string' ? { path: expr } : (expr as { path?: unknown; includeArrayIndex?: unknown; preserveNullAndEmptyArrays?: unknown });
  if (!isPlainObject(spec) || typeof spec.path !== 'string' || !spec.path.startsWith('$')) {
    return pipelineOperators.$unwind(coll, expr as never, options);
  }
  const path = spec.path.slice(1).split('.');
  const indexField = typeof spec.includeArrayIndex === 'string' ? spec.includeArrayIndex : undefined;
  const preserve = spec.preserveNullAndEmptyArrays === true;
  const withValue = (doc: AnyObject, value: unknown, index: number | null, keep: boolean): AnyObject => {
    const out = structuredCloneShallowPath(doc, path, value, keep);
    if (indexField) out[indexField] = index;
    return out;
  };
  return coll.transform((docs: AnyObject[]) => {
    const out: AnyObject[] = [];
    for (const doc of docs) {
      const value = valueAt(doc, path);
      if (Array.isArray(value) && value.length > 0) value.forEach((element, i) => out.push(withValue(doc, element, i, true)));
      else if (Array.isArray(value) || value === null || value === undefined) {
        // preserveNullAndEmptyArrays keeps the document: an empty array's field is removed, null stays.
        if (preserve) out.push(withValue(doc, value, null, value === null));
      } else out.push(withValue(doc, value, null, true));
    }
    return Lazy(out);
  });
};

function valueAt(doc: AnyObject, path: string[]): unknown {
  let node: unknown = doc;
  for (const part of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/** A copy of the document with the path set to the value (or removed), sharing everything else. */
function structuredCloneShallowPath(doc: AnyObject, path: string[], value: unknown, keep: boolean): AnyObject {
  const [head, ...rest] = path as [string, ...string[]];
  const out: AnyObject = { ...doc };
  if (rest.length === 0) {
    if (keep) out[head] = value as Any;
    else delete out[head];
    return out;
  }
  const inner = doc[head];
  if (isPlainObject(inner)) out[head] = structuredCloneShallowPath(inner as AnyObject, rest, value, keep);
  return out;
}

const $count: Stage = (coll, expr, options) => {
  const counted = pipelineOperators.$count(coll, expr as never, options);
  return counted.transform((docs: AnyObject[]) => Lazy(docs.filter((doc) => doc[expr as string] !== 0)));
};

function extreme(direction: 1 | -1): Accumulator {
  return (coll, expr, options) => {
    // As an expression ({$max: [...]} in $project) mingo hands the evaluated operand and no expression.
    const values = expr === null || expr === undefined ? coll : groupValues(coll, expr, options);
    let best: unknown = null;
    for (const value of values) {
      if (value === null || value === undefined) continue;
      if (best === null || direction * compareValues(value, best) > 0) best = value;
    }
    return best as Any;
  };
}

const isExclusionFlag = (rule: unknown): boolean => rule === 0 || rule === false;

const $project: Stage = (coll, expr, options) => {
  if (!isPlainObject(expr)) return pipelineOperators.$project(coll, expr as never, options);
  const exclusion = Object.entries(expr as AnyObject).filter(([key]) => key !== '_id').every(([, rule]) => isExclusionFlag(rule));
  if (exclusion) return pipelineOperators.$project(coll, expr as never, options);
  // An inclusion projection outputs _id first, then the fields in mongod's order (project-field-order.ts).
  const tree = projectionTree(expr as AnyObject);
  return coll.transform((inputs: AnyObject[]) => {
    const outputs = pipelineOperators.$project(Lazy(inputs), expr as never, options).collect<AnyObject>();
    return Lazy(outputs.map((out, i) => idFirst(orderProjected(out, inputs[i], tree) as AnyObject)));
  });
};

function idFirst(doc: AnyObject): AnyObject {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

export const STAGE_SEMANTICS = { $unwind, $count, $project };
export const ACCUMULATOR_SEMANTICS = { $max: extreme(1), $min: extreme(-1) };
