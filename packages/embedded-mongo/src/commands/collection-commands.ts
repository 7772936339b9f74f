import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, notImplemented } from '../errors.js';
import { compileFilter } from '../query/matcher.js';
import { ID_INDEX } from '../storage/index-spec.js';
import { type CommandHandler, collectionName } from './command-context.js';
import { checkValidationOptions } from './document-validation.js';
import { isSimpleCollation } from '../query/collation.js';

export const create: CommandHandler = (command, context) => {
  const name = collectionName(command, 'create');
  if (context.storage.collection(context.db, name)) {
    throw new MongoCommandError(ErrorCodes.NamespaceExists, 'NamespaceExists', `Collection ${context.db}.${name} already exists.`);
  }
  if (command.capped !== undefined && command.capped !== false && command.capped !== 0) {
    if (command.size === undefined) throw new MongoCommandError(ErrorCodes.InvalidOptions, 'InvalidOptions', "the 'size' field is required when 'capped' is true");
    throw notImplemented('Capped collections');
  }
  if (command.viewOn !== undefined) throw notImplemented('Views');
  if (command.timeseries !== undefined) throw notImplemented('Time series collections');
  // A default collation would change every query, sort and index of the collection; storing it unused
  // would answer each of them in binary order instead.
  if (!isSimpleCollation(command.collation)) throw notImplemented('A collection default collation');
  const options: Document = {};
  for (const [key, value] of Object.entries(command)) {
    if (key === 'create' || key.startsWith('$') || key === 'lsid' || key === 'writeConcern') continue;
    options[key] = value;
  }
  checkValidationOptions(options);
  context.storage.ensureCollection(context.db, name, options);
  return { ok: 1 };
};

/** Options collMod can change; anything else it is asked to change is refused, not ignored. */
const MODIFIABLE = new Set(['validator', 'validationLevel', 'validationAction']);
const COMMAND_FIELDS = new Set(['collMod', 'lsid', 'writeConcern', 'txnNumber', 'comment']);

export const collMod: CommandHandler = (command, context) => {
  const name = collectionName(command, 'collMod');
  const collection = context.storage.collection(context.db, name);
  if (!collection) throw new MongoCommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `ns does not exist: ${context.db}.${name}`);
  const changes: Document = {};
  for (const [key, value] of Object.entries(command)) {
    if (COMMAND_FIELDS.has(key) || key.startsWith('$')) continue;
    if (!MODIFIABLE.has(key)) throw notImplemented(`collMod option '${key}'`);
    changes[key] = value;
  }
  checkValidationOptions(changes);
  context.storage.setOptions(collection, { ...collection.options, ...changes });
  return { ok: 1 };
};

export const drop: CommandHandler = (command, context) => {
  const name = collectionName(command, 'drop');
  const collection = context.storage.collection(context.db, name);
  const nIndexesWas = collection?.indexSpecs().length ?? 0;
  context.storage.dropCollection(context.db, name);
  return { nIndexesWas, ns: `${context.db}.${name}`, ok: 1 };
};

export const dropDatabase: CommandHandler = (_command, context) => {
  context.storage.dropDatabase(context.db);
  return { dropped: context.db, ok: 1 };
};

export const listCollections: CommandHandler = (command, context) => {
  const matcher = compileFilter(command.filter as Document | undefined);
  const nameOnly = command.nameOnly === true;
  const entries = context.storage.catalog
    .collections(context.db)
    .map((collection) =>
      nameOnly
        ? { name: collection.name, type: 'collection' }
        : { name: collection.name, type: 'collection', options: collection.options, info: { readOnly: false }, idIndex: ID_INDEX },
    )
    .filter((entry) => matcher.test(entry));
  const ns = `${context.db}.$cmd.listCollections`;
  const batch = context.cursors.first(ns, entries, undefined);
  return { cursor: { firstBatch: batch.docs, id: batch.cursorId, ns }, ok: 1 };
};

export const listDatabases: CommandHandler = (command, context) => {
  const matcher = compileFilter(command.filter as Document | undefined);
  const databases = context.storage.catalog
    .databaseNames()
    .map((name) => {
      const docs = context.storage.catalog.collections(name).reduce((sum, c) => sum + c.docs.size, 0);
      return command.nameOnly === true ? { name } : { name, sizeOnDisk: docs * 100, empty: docs === 0 };
    })
    .filter((entry) => matcher.test(entry));
  return { databases, totalSize: databases.reduce((sum, d) => sum + Number(d.sizeOnDisk ?? 0), 0), ok: 1 };
};

export const renameCollection: CommandHandler = () => {
  throw new MongoCommandError(ErrorCodes.NotImplemented, 'NotImplemented', 'renameCollection is not implemented by embedded-mongo');
};

export const collStats: CommandHandler = (command, context) => {
  const name = collectionName(command, 'collStats');
  const collection = context.storage.collection(context.db, name);
  if (!collection) throw new MongoCommandError(ErrorCodes.NamespaceNotFound, 'NamespaceNotFound', `Collection [${context.db}.${name}] not found.`);
  return { ns: collection.namespace, count: collection.docs.size, nindexes: collection.indexSpecs().length, ok: 1 };
};

export const dbStats: CommandHandler = (_command, context) => {
  const collections = context.storage.catalog.collections(context.db);
  const objects = collections.reduce((sum, c) => sum + c.docs.size, 0);
  return { db: context.db, collections: collections.length, objects, indexes: collections.reduce((s, c) => s + c.indexSpecs().length, 0), ok: 1 };
};
