import { BSONRegExp, type Document, ObjectId } from 'bson';
import { update as mingoUpdate } from 'mingo/updater';
import { ErrorCodes, MongoCommandError, badValue } from '../errors.js';
import { cloneValue } from './clone-document.js';
import { indexKey } from './index-key.js';
import { runPipeline } from './matcher.js';
import { int64AsLong } from './int64-operands.js';
import { mingoOptions } from './mingo-context.js';
import { toCommandError } from './mingo-errors.js';
import { isPlainObject } from './path-values.js';
import { applyPlainSetUnset } from './plain-set-unset.js';
import { restoreDoubles } from './typed-pipeline.js';
import { assignPath, preflightUpdate } from './update-preflight.js';
import { normaliseArrayModifiers } from './array-modifiers.js';
import { setFieldPath, takeDollarFieldPaths, unsetFieldPath } from './dollar-field-paths.js';
import { upsertSeed } from './upsert-seed.js';
import { orderCreatedFields } from './update-field-order.js';
import { assertNoConflicts, resolvePositionalPaths } from './update-paths.js';
import type { Options } from 'mingo/types';

const UPDATE_OPERATORS = new Set([
  '$set', '$unset', '$inc', '$mul', '$min', '$max', '$rename', '$currentDate', '$push', '$pull', '$pullAll',
  '$addToSet', '$pop', '$bit', '$setOnInsert',
]);

export interface UpdateOptions {
  filter: Document;
  arrayFilters?: Document[];
  /** The document is being created by an upsert: `$setOnInsert` applies. */
  inserting?: boolean;
  /** Command-level `let` variables and collation, for the filter and arrayFilters. */
  queryOptions?: Partial<Options>;
}

export type UpdateKind = 'operators' | 'replacement' | 'pipeline';

export function updateKind(update: unknown): UpdateKind {
  if (Array.isArray(update)) return 'pipeline';
  if (!isPlainObject(update)) throw badValue('Update must be an object or a pipeline');
  const keys = Object.keys(update);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length !== keys.length) throw badValue('Update document cannot mix operators and fields');
  return operators.length > 0 ? 'operators' : 'replacement';
}

/** Returns the updated copy of a document; the stored document is never touched. */
export function applyUpdate(doc: Document, update: Document | Document[], options: UpdateOptions): Document {
  const kind = updateKind(update);
  let next: Document;
  if (kind === 'pipeline') {
    refuseNonUpdateStages(update as Document[]);
    const computed = runPipeline([cloneValue(doc)], update as Document[], options.queryOptions ?? {})[0] ?? {};
    next = restoreDoubles(computed, doc) as Document;
  } else if (kind === 'replacement') {
    const replacement = update as Document;
    if ('_id' in replacement && indexKey(replacement._id) !== indexKey(doc._id)) throw immutableId();
    next = { _id: doc._id, ...cloneValue(replacement) };
  } else {
    assertNoConflicts(update as Document);
    next = cloneValue(doc);
    const queryOptions = mingoOptions(options.queryOptions);
    const context = { doc, filter: int64AsLong(options.filter), arrayFilters: int64AsLong(options.arrayFilters ?? []), options: queryOptions };
    let resolved: Document;
    try {
      resolved = resolvePositionalPaths(operatorsToApply(update as Document, options.inserting ?? false), context);
    } catch (error) {
      throw toCommandError(error);
    }
    const newId = takeIdAssignment(resolved, doc);
    const dollarFields = takeDollarFieldPaths(resolved);
    if (!options.inserting) refuseTopLevelDollarFields(dollarFields.sets.map(([path]) => path));
    const { modifier, direct } = preflightUpdate(next, normaliseArrayModifiers(dollarFields.modifier), queryOptions);
    if (Object.keys(modifier).length > 0 && !applyPlainSetUnset(next, modifier)) {
      try {
        mingoUpdate(next, modifier, [], {}, { cloneMode: 'deep', queryOptions });
      } catch (error) {
        throw toCommandError(error);
      }
    }
    for (const [path, value] of direct) assignPath(next, path, cloneValue(value));
    for (const [path, value] of dollarFields.sets) setFieldPath(next, path, cloneValue(value));
    for (const path of dollarFields.unsets) unsetFieldPath(next, path);
    if (newId !== undefined) next = { _id: newId, ...withoutId(next) };
    next = orderCreatedFields(doc, next);
  }
  if (next._id === undefined && doc._id !== undefined) next = { _id: doc._id, ...next };
  if (doc._id !== undefined && indexKey(next._id) !== indexKey(doc._id)) throw immutableId();
  return next;
}

/** The stages an update pipeline may hold (mingo would run any, $out and $merge writing nowhere). */
const UPDATE_PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

function refuseNonUpdateStages(pipeline: Document[]): void {
  for (const stage of pipeline) {
    const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
    if (name !== undefined && !UPDATE_PIPELINE_STAGES.has(name)) {
      throw new MongoCommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', `${name} is not allowed to be used within an update`);
    }
  }
}

function operatorsToApply(update: Document, inserting: boolean): Document {
  const modifier: Document = {};
  for (const [op, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(op)) throw new MongoCommandError(ErrorCodes.FailedToParse, 'FailedToParse', `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`);
    if (!isPlainObject(fields)) throw new MongoCommandError(ErrorCodes.FailedToParse, 'FailedToParse', `Modifiers operate on fields but we found type ${typeof fields} instead`);
    if (op === '$setOnInsert') {
      if (inserting) modifier.$set = { ...(modifier.$set as Document | undefined), ...fields };
      continue;
    }
    if (Object.keys(fields).length === 0) continue;
    if (op === '$set') modifier.$set = { ...fields, ...(modifier.$set as Document | undefined) };
    else modifier[op] = fields;
  }
  return modifier;
}

/**
 * `$set: {_id}` is what mongoose sends when a whole document is the update: MongoDB accepts it when
 * the value is the current one (and when an upsert creates the document), and answers 66 otherwise.
 * mingo refuses any `_id` path, so the assignment is taken out here and applied afterwards.
 */
function takeIdAssignment(modifier: Document, doc: Document): unknown {
  const set = modifier.$set as Document | undefined;
  if (!set || !('_id' in set)) return undefined;
  const { _id: value, ...rest } = set;
  if (doc._id !== undefined && indexKey(value) !== indexKey(doc._id)) throw immutableId();
  if (Object.keys(rest).length > 0) modifier.$set = rest;
  else delete modifier.$set;
  return doc._id === undefined ? value : undefined;
}

/**
 * A `$set` may create a `$`-prefixed field inside a document (`address.$street`), but not at the top level of
 * a document it updates (an upsert's new document may have one): mongod answers 52 there.
 */
function refuseTopLevelDollarFields(paths: string[]): void {
  const top = paths.find((path) => path.split('.')[0]?.startsWith('$'));
  if (top === undefined) return;
  const field = top.split('.')[0] as string;
  throw new MongoCommandError(52, 'DollarPrefixedFieldName', `The dollar ($) prefixed field '${field}' in '${top}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`);
}

function withoutId(doc: Document): Document {
  const { _id: _dropped, ...rest } = doc;
  return rest;
}

function immutableId(): MongoCommandError {
  return new MongoCommandError(ErrorCodes.ImmutableField, 'ImmutableField', "Performing an update on the path '_id' would modify the immutable field '_id'");
}

/** An upserted document: seed plus update, with `_id` first (generated when the filter has none). */
export function buildUpsert(filter: Document, update: Document | Document[], arrayFilters: Document[] | undefined, queryOptions?: Partial<Options>): Document {
  const kind = updateKind(update);
  // A replacement takes only `_id` from the filter, and a dotted `_id.x` cannot make one.
  const seed = upsertSeed(filter, kind === 'replacement' ? '_id' : undefined);
  let doc: Document;
  if (kind === 'replacement') doc = { ...(seed._id !== undefined ? { _id: seed._id } : {}), ...cloneValue(update as Document) };
  else {
    // The seed need not match the filter (`{x: {$gt: 1}}` seeds nothing), so no condition is checked.
    doc = applyUpdate(seed, update, { filter: {}, arrayFilters: arrayFilters ?? [], inserting: true, queryOptions });
  }
  const { _id, ...rest } = doc;
  if (Array.isArray(_id) || _id instanceof RegExp || _id instanceof BSONRegExp) {
    throw new MongoCommandError(53, 'InvalidIdField', `The '_id' value cannot be of type ${Array.isArray(_id) ? 'array' : 'regex'}`);
  }
  return { _id: _id === undefined ? new ObjectId() : _id, ...rest };
}
