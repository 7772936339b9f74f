import { type Document, ObjectId } from 'bson';
import { evalExpr } from 'mingo/core';
import type { AnyObject, Options } from 'mingo/types';
import { ErrorCodes, MongoCommandError, notImplemented } from '../errors.js';
import { applyUpdate } from '../query/apply-update.js';
import { cloneValue } from '../query/clone-document.js';
import type { QueryOptions } from '../query/collation.js';
import { indexKey } from '../query/index-key.js';
import { mingoOptions } from '../query/mingo-context.js';
import { rewriteExpression } from '../query/field-path-expressions.js';
import { toCommandError } from '../query/mingo-errors.js';
import { isPlainObject, pathValues } from '../query/path-values.js';
import { Collection } from '../storage/collection.js';
import type { CommandContext } from './command-context.js';
import { validateWrite } from './document-validation.js';

/**
 * The aggregation stages that write: `$out` replaces a collection with the pipeline's results,
 * `$merge` folds them into one. Both are the last stage; the pipeline before them has already run,
 * so a pipeline may read the collection it writes to.
 */

const WRITE_STAGES = new Set(['$out', '$merge']);

/** Where `$out` and `$merge` may not stand: inside $facet, $lookup or $unionWith, or before the last stage. */
export function checkWriteStagePlacement(pipeline: Document[], nested?: string): void {
  for (const [index, stage] of pipeline.entries()) {
    if (!isPlainObject(stage)) continue;
    const name = Object.keys(stage)[0] as string;
    if (WRITE_STAGES.has(name)) {
      if (nested === '$facet') throw new MongoCommandError(40600, 'Location40600', `${name} is not allowed to be used within a $facet stage`);
      if (nested) throw new MongoCommandError(51047, 'Location51047', `${name} is not allowed within a ${nested}'s sub-pipeline`);
      if (index !== pipeline.length - 1) throw new MongoCommandError(40601, 'Location40601', `${name} can only be the final stage in the pipeline`);
    }
    const spec = stage[name] as unknown;
    if (name === '$facet' && isPlainObject(spec)) {
      for (const sub of Object.values(spec)) if (Array.isArray(sub)) checkWriteStagePlacement(sub as Document[], '$facet');
    }
    if ((name === '$lookup' || name === '$unionWith') && isPlainObject(spec) && Array.isArray(spec.pipeline)) {
      checkWriteStagePlacement(spec.pipeline as Document[], name);
    }
  }
}

export function isWriteStage(stage: Document | undefined): boolean {
  return stage !== undefined && WRITE_STAGES.has(Object.keys(stage)[0] as string);
}

function targetNamespace(spec: unknown, db: string, stage: string): { db: string; coll: string } {
  if (typeof spec === 'string' && spec !== '') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string' && spec.coll !== '') {
    if (spec.db !== undefined && (typeof spec.db !== 'string' || spec.db === '')) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `${stage}: 'db' must be a non-empty string`);
    return { db: (spec.db as string | undefined) ?? db, coll: spec.coll };
  }
  throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', `${stage} needs a collection name or {db, coll}`);
}

function checkWritable(target: { db: string; coll: string }, stage: string): void {
  if (target.coll.startsWith('system.') || ['admin', 'local', 'config'].includes(target.db)) {
    throw new MongoCommandError(73, 'InvalidNamespace', `${stage} cannot write to ${target.db}.${target.coll}`);
  }
}

function withId(doc: Document): Document {
  return doc._id === undefined ? { _id: new ObjectId(), ...doc } : doc;
}

/**
 * `$out`: the target's documents become the results, all or nothing. The results are first loaded
 * into a scratch collection with the target's indexes, so a duplicate key or a failed validation
 * leaves the target as it was; the target keeps its options and indexes.
 */
export function runOut(spec: unknown, results: Document[], context: CommandContext, bypass: unknown): void {
  if (isPlainObject(spec) && spec.timeseries !== undefined) throw notImplemented('$out to a time series collection');
  const target = targetNamespace(spec, context.db, '$out');
  checkWritable(target, '$out');
  const existing = context.storage.collection(target.db, target.coll);
  const scratch = new Collection(target.db, target.coll, existing?.options ?? {});
  for (const index of existing?.indexSpecs().slice(1) ?? []) scratch.addIndex(index);
  const docs = results.map((doc) => withId(cloneValue(doc)));
  for (const doc of docs) {
    scratch.insert(doc);
    validateWrite(scratch, undefined, doc, bypass);
  }
  const collection = context.storage.ensureCollection(target.db, target.coll);
  for (const old of [...collection.docs.values()]) context.storage.remove(collection, old);
  for (const doc of docs) context.storage.insert(collection, doc);
}

type WhenMatched = 'replace' | 'keepExisting' | 'merge' | 'fail' | Document[];
type WhenNotMatched = 'insert' | 'discard' | 'fail';

interface MergeSpec {
  target: { db: string; coll: string };
  on: string[];
  whenMatched: WhenMatched;
  whenNotMatched: WhenNotMatched;
  let?: Document;
}

function parseMerge(spec: unknown, db: string): MergeSpec {
  const options = isPlainObject(spec) ? spec : { into: spec };
  for (const key of Object.keys(options)) {
    if (!['into', 'on', 'let', 'whenMatched', 'whenNotMatched', 'targetCollectionVersion'].includes(key)) {
      throw new MongoCommandError(40415, 'Location40415', `BSON field '$merge.${key}' is an unknown field.`);
    }
  }
  const target = targetNamespace(options.into, db, '$merge');
  const on = options.on === undefined ? ['_id'] : typeof options.on === 'string' ? [options.on] : options.on;
  if (!Array.isArray(on) || on.length === 0 || on.some((field) => typeof field !== 'string' || field === '')) {
    throw new MongoCommandError(51186, 'Location51186', "$merge 'on' must be a field name or a non-empty array of them");
  }
  const whenMatched = (options.whenMatched ?? 'merge') as unknown;
  if (!Array.isArray(whenMatched) && !['replace', 'keepExisting', 'merge', 'fail'].includes(whenMatched as string)) {
    throw new MongoCommandError(ErrorCodes.BadValue, 'BadValue', `Enumeration value '${String(whenMatched)}' for field '$merge.whenMatched' is not a valid value.`);
  }
  const whenNotMatched = (options.whenNotMatched ?? 'insert') as unknown;
  if (!['insert', 'discard', 'fail'].includes(whenNotMatched as string)) {
    throw new MongoCommandError(ErrorCodes.BadValue, 'BadValue', `Enumeration value '${String(whenNotMatched)}' for field '$merge.whenNotMatched' is not a valid value.`);
  }
  if (options.let !== undefined && !Array.isArray(whenMatched)) {
    throw new MongoCommandError(51199, 'Location51199', "Cannot use 'let' variables with 'whenMatched: " + String(whenMatched) + "' mode");
  }
  if (options.let !== undefined && !isPlainObject(options.let)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "$merge 'let' must be an object");
  return { target, on: on as string[], whenMatched: whenMatched as WhenMatched, whenNotMatched: whenNotMatched as WhenNotMatched, let: options.let as Document | undefined };
}

/** The one value of an `on` field of a result document (missing, null or an array is an error, as in mongod). */
function onValue(doc: Document, field: string): unknown {
  const values = pathValues(doc, field);
  const value = values[0];
  if (values.length === 0 || value === null || value === undefined) {
    throw new MongoCommandError(51132, 'Location51132', `$merge write error: 'on' field '${field}' cannot be missing, null or undefined if supporting index is sparse`);
  }
  if (values.length > 1 || Array.isArray(value)) throw new MongoCommandError(51185, 'Location51185', `$merge write error: 'on' field '${field}' is an array`);
  return value;
}

function variablesFor(spec: MergeSpec, result: Document, queryOptions: QueryOptions): Document {
  if (spec.let === undefined) return { ...queryOptions.variables, new: result };
  const bound: Document = { ...queryOptions.variables };
  for (const [name, expression] of Object.entries(spec.let)) {
    try {
      bound[name] = evalExpr(result as AnyObject, rewriteExpression(expression), mingoOptions({ variables: { ...queryOptions.variables } as AnyObject }) as Options);
    } catch (error) {
      throw toCommandError(error);
    }
  }
  return bound;
}

/**
 * `$merge`: each result is matched to the target by its `on` fields (which a unique index of the
 * target must cover, as mongod requires) and merged, replaced, kept, or refused; unmatched results are
 * inserted, discarded or refused. As in mongod the writes before a failing one stay.
 */
export function runMerge(rawSpec: unknown, results: Document[], context: CommandContext, queryOptions: QueryOptions, bypass: unknown): void {
  const spec = parseMerge(rawSpec, context.db);
  checkWritable(spec.target, '$merge');
  const { storage } = context;
  const onId = spec.on.length === 1 && spec.on[0] === '_id';
  const existing = storage.collection(spec.target.db, spec.target.coll);
  if (!onId) {
    const wanted = [...spec.on].sort().join(',');
    const covered = existing?.indexSpecs().some((index) => index.unique === true && Object.keys(index.key).sort().join(',') === wanted);
    if (!covered) throw new MongoCommandError(51183, 'Location51183', "Cannot find index to verify that join fields will be unique");
  }
  const collection = storage.ensureCollection(spec.target.db, spec.target.coll);
  for (const raw of results) {
    const keys = spec.on.map((field) => onValue(raw, field));
    const matched = onId
      ? collection.get(keys[0])
      : [...collection.docs.values()].find((doc) => spec.on.every((field, i) => pathValues(doc, field).some((value) => indexKey(value) === indexKey(keys[i]))));
    if (!matched) {
      if (spec.whenNotMatched === 'discard') continue;
      if (spec.whenNotMatched === 'fail') throw new MongoCommandError(13113, 'MergeStageNoMatchingDocument', "$merge could not find a matching document in the target collection for at least one document in the source collection");
      const doc = withId(cloneValue(raw));
      validateWrite(collection, undefined, doc, bypass);
      storage.insert(collection, doc);
      continue;
    }
    if (spec.whenMatched === 'keepExisting') continue;
    if (spec.whenMatched === 'fail') {
      // mongod inserts and reports the duplicate key of the index the `on` fields use.
      storage.insert(collection, withId(cloneValue(raw)));
      continue;
    }
    if (raw._id !== undefined && indexKey(raw._id) !== indexKey(matched._id)) {
      throw new MongoCommandError(66, 'ImmutableField', "$merge failed to update the matching document, did you attempt to modify the _id or the shard key?");
    }
    let next: Document;
    if (spec.whenMatched === 'replace') {
      const { _id: _ignored, ...rest } = cloneValue(raw);
      next = { _id: matched._id, ...rest };
    } else if (spec.whenMatched === 'merge') {
      const { _id: _ignored, ...rest } = cloneValue(raw);
      next = { ...cloneValue(matched), ...rest };
    } else {
      next = applyUpdate(matched, spec.whenMatched, { filter: { _id: matched._id }, queryOptions: { ...queryOptions, variables: variablesFor(spec, raw, queryOptions) } });
    }
    validateWrite(collection, matched, next, bypass);
    storage.replace(collection, matched, next, spec.whenMatched === 'replace' ? 'replace' : 'update');
  }
}
