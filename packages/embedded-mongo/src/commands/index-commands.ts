import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { formatValue } from '../query/format-value.js';
import { defaultIndexName, parseIndexSpec, sameIndex, sameKeyPattern } from '../storage/index-spec.js';
import { isPlainObject } from '../query/path-values.js';
import { type CommandHandler, collectionName } from './command-context.js';

export const createIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command, 'createIndexes');
  const created = context.storage.collection(context.db, name) === undefined;
  const collection = context.storage.ensureCollection(context.db, name);
  const numIndexesBefore = collection.indexSpecs().length;
  for (const raw of (command.indexes as Document[] | undefined) ?? []) {
    const spec = parseIndexSpec(raw);
    const sameName = collection.findIndex(spec.name);
    if (sameName) {
      if (sameIndex(sameName, spec)) continue;
      throw new MongoCommandError(ErrorCodes.IndexKeySpecsConflict, 'IndexKeySpecsConflict', `An existing index has the same name as the requested index. Requested index: ${formatValue(spec)}, existing index: ${formatValue(sameName)}`);
    }
    const sameKey = collection.indexSpecs().find((existing) => sameKeyPattern(existing.key, spec.key));
    if (sameKey) {
      if (sameIndex(sameKey, spec) && sameKey.name !== spec.name) {
        throw new MongoCommandError(ErrorCodes.IndexOptionsConflict, 'IndexOptionsConflict', `Index already exists with a different name: ${sameKey.name}`);
      }
      throw new MongoCommandError(ErrorCodes.IndexOptionsConflict, 'IndexOptionsConflict', `An equivalent index already exists with a different name and options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(sameKey)}`);
    }
    context.storage.createIndex(collection, spec);
  }
  return { numIndexesBefore, numIndexesAfter: collection.indexSpecs().length, createdCollectionAutomatically: created, ok: 1 };
};

export const listIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command, 'listIndexes');
  const collection = context.storage.collection(context.db, name);
  if (!collection) throw new MongoCommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns does not exist: ${context.db}.${name}`);
  const ns = `${context.db}.${name}`;
  const batch = context.cursors.first(ns, collection.indexSpecs(), undefined);
  return { cursor: { firstBatch: batch.docs, id: batch.cursorId, ns }, ok: 1 };
};

export const dropIndexes: CommandHandler = (command, context) => {
  const name = collectionName(command, 'dropIndexes' in command ? 'dropIndexes' : 'deleteIndexes');
  const collection = context.storage.collection(context.db, name);
  if (!collection) throw new MongoCommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns not found ${context.db}.${name}`);
  const nIndexesWas = collection.indexSpecs().length;
  const which = command.index as unknown;
  let names: string[];
  if (which === '*') names = collection.indexSpecs().map((spec) => spec.name).filter((n) => n !== '_id_');
  else if (typeof which === 'string') names = [which];
  else if (Array.isArray(which)) names = which.map(String);
  else if (isPlainObject(which)) names = [collection.indexSpecs().find((spec) => sameKeyPattern(spec.key, which))?.name ?? defaultIndexName(which)];
  else throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "'index' must be a string, an array of strings or a key pattern");
  for (const indexName of names) {
    if (indexName === '_id_') throw new MongoCommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', 'cannot drop _id index');
    if (!collection.findIndex(indexName)) throw new MongoCommandError(ErrorCodes.IndexNotFound, 'IndexNotFound', `index not found with name [${indexName}]`);
  }
  for (const indexName of names) context.storage.dropIndex(collection, indexName);
  return { nIndexesWas, ok: 1 };
};
