import * as pipelineOperators from 'mingo/operators/pipeline';
import { resolve } from 'mingo/util';
import type { Iterator } from 'mingo/lazy';
import type { Any, AnyObject, Options } from 'mingo/types';
import { MongoCommandError } from '../errors.js';
import { bsonTypeAlias } from './bson-type.js';
import { isPlainObject } from './path-values.js';

/**
 * `$setWindowFields` as MongoDB runs it where mingo does not:
 * - a `sortBy` that names a dotted path: mingo's `range` windows read the sort key as a top-level field
 *   (`doc['m.t']`), so every window came out empty. The key is copied to a top-level field of its own for
 *   the stage and removed after it.
 * - a `range` window needs every document's sort key to be a number (a date when the window has a `unit`):
 *   MongoDB answers 5429414 (5429413 for a date without a unit, 5429513 for a non-date with one) where
 *   mingo computed windows over whatever it found (jstests setWindowFields/range.js).
 */
const SORT_KEY_FIELD = '__embedded_mongo_window_sort_key';
const NUMERIC = new Set(['int', 'long', 'double', 'decimal']);

export const $setWindowFields = (coll: Iterator, expr: Any, options: Options): Iterator => {
  const spec = expr as AnyObject;
  const sortBy = spec.sortBy;
  const keys = isPlainObject(sortBy) ? Object.keys(sortBy) : [];
  const path = keys.length === 1 ? (keys[0] as string) : undefined;
  const windows = rangeWindowUnits(spec.output);
  const input = path !== undefined && windows.size > 0 ? coll.map((doc: AnyObject) => checkRangeKey(doc, resolve(doc, path), windows)) : coll;
  if (path === undefined || !path.includes('.')) return pipelineOperators.$setWindowFields(input, spec as never, options);
  const keyed = input.map((doc: AnyObject) => ({ ...doc, [SORT_KEY_FIELD]: resolve(doc, path) }));
  const rewritten = { ...spec, sortBy: { [SORT_KEY_FIELD]: (sortBy as AnyObject)[path] } };
  return pipelineOperators.$setWindowFields(keyed, rewritten as never, options).map((doc: AnyObject) => {
    const { [SORT_KEY_FIELD]: _key, ...rest } = doc;
    return rest;
  });
};

/** Whether the stage's outputs have range windows without a unit (`false`) and with one (`true`). */
function rangeWindowUnits(output: unknown): Set<boolean> {
  const kinds = new Set<boolean>();
  if (!isPlainObject(output)) return kinds;
  for (const field of Object.values(output)) {
    const window = isPlainObject(field) ? field.window : undefined;
    if (isPlainObject(window) && window.range !== undefined) kinds.add(window.unit !== undefined);
  }
  return kinds;
}

function checkRangeKey(doc: AnyObject, key: unknown, windows: Set<boolean>): AnyObject {
  const type = key === undefined ? 'missing' : bsonTypeAlias(key);
  if (windows.has(false)) {
    if (type === 'date') throw new MongoCommandError(5429413, 'Location5429413', 'Invalid range: For windows that involve date or time ranges, a unit must be provided.');
    if (!NUMERIC.has(type)) throw new MongoCommandError(5429414, 'Location5429414', `Invalid range: Expected the sortBy field to be a number, but it was ${type}`);
  }
  if (windows.has(true) && type !== 'date') throw new MongoCommandError(5429513, 'Location5429513', `Invalid range: Expected the sortBy field to be a Date, but it was ${type}`);
  return doc;
}
