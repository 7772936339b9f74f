import * as pipelineOperators from 'mingo/operators/pipeline';
import { resolve } from 'mingo/util';
import type { Iterator } from 'mingo/lazy';
import type { Any, AnyObject, Options } from 'mingo/types';
import { isPlainObject } from './path-values.js';

/**
 * `$setWindowFields` whose `sortBy` names a dotted path: mingo's `range` windows read the sort key as a
 * top-level field (`doc['m.t']`), so every window came out empty. The key is copied to a top-level
 * field of its own for the stage and removed after it.
 */
const SORT_KEY_FIELD = '__embedded_mongo_window_sort_key';

export const $setWindowFields = (coll: Iterator, expr: Any, options: Options): Iterator => {
  const spec = expr as AnyObject;
  const sortBy = spec.sortBy;
  const keys = isPlainObject(sortBy) ? Object.keys(sortBy) : [];
  if (keys.length !== 1 || !(keys[0] as string).includes('.')) return pipelineOperators.$setWindowFields(coll, spec as never, options);
  const path = keys[0] as string;
  const keyed = coll.map((doc: AnyObject) => ({ ...doc, [SORT_KEY_FIELD]: resolve(doc, path) }));
  const rewritten = { ...spec, sortBy: { [SORT_KEY_FIELD]: (sortBy as AnyObject)[path] } };
  return pipelineOperators.$setWindowFields(keyed, rewritten as never, options).map((doc: AnyObject) => {
    const { [SORT_KEY_FIELD]: _key, ...rest } = doc;
    return rest;
  });
};
