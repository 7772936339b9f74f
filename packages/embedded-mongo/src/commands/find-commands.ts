import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError } from '../errors.js';
import { compareValues } from '../query/bson-order.js';
import { collatorFor, commandQueryOptions } from '../query/collation.js';
import { type FindOptions, findDocuments, matchDocuments } from '../query/find-documents.js';
import { indexKey } from '../query/index-key.js';
import { indexableValues } from '../query/path-values.js';
import { type CommandContext, type CommandHandler, collectionName, optionalNumber } from './command-context.js';

export function cursorReply(ns: string, docs: Document[], cursorId: bigint, field: 'firstBatch' | 'nextBatch'): Document {
  return { cursor: { [field]: docs, id: cursorId, ns }, ok: 1 };
}

/** The query a `find` command asks for (also what `explain` of it plans). */
export function findCommandOptions(command: Document): FindOptions {
  return {
    filter: command.filter as Document | undefined,
    sort: command.sort as Document | undefined,
    skip: optionalNumber(command.skip),
    limit: optionalNumber(command.limit),
    projection: command.projection as Document | undefined,
    hint: command.hint,
    ...commandQueryOptions(command),
  };
}

/** The query a `count` command runs, or undefined when it counts the whole collection without reading it. */
export function countCommandOptions(command: Document): FindOptions | undefined {
  const query = command.query as Document | undefined;
  if ((!query || Object.keys(query).length === 0) && command.hint === undefined) return undefined;
  return { filter: query, skip: optionalNumber(command.skip) ?? 0, limit: optionalNumber(command.limit) ?? 0, hint: command.hint, ...commandQueryOptions(command) };
}

export const find: CommandHandler = (command, context) => {
  const name = collectionName(command, 'find');
  const ns = `${context.db}.${name}`;
  const docs = findDocuments(context.storage.collection(context.db, name), findCommandOptions(command));
  // A negative limit asks for a single batch (legacy driver semantics).
  const singleBatch = command.singleBatch === true || (optionalNumber(command.limit) ?? 0) < 0;
  const batchSize = singleBatch ? docs.length : optionalNumber(command.batchSize) ?? 101;
  const batch = context.cursors.first(ns, docs, batchSize);
  return cursorReply(ns, batch.docs, batch.cursorId, 'firstBatch');
};

export const getMore: CommandHandler = (command, context) => {
  const id = command.getMore as unknown;
  const name = collectionName(command, 'collection');
  const ns = `${context.db}.${name}`;
  const cursorId = typeof id === 'bigint' ? id : BigInt(Number(id));
  const batch = context.cursors.next(cursorId, ns, optionalNumber(command.batchSize));
  if (!batch) throw new MongoCommandError(ErrorCodes.CursorNotFound, 'CursorNotFound', `cursor id ${cursorId} not found`);
  return cursorReply(ns, batch.docs, batch.cursorId, 'nextBatch');
};

export const killCursors: CommandHandler = (command, context) => {
  const ids = (command.cursors as unknown[] | undefined) ?? [];
  const killed: bigint[] = [];
  const notFound: bigint[] = [];
  for (const raw of ids) {
    const id = typeof raw === 'bigint' ? raw : BigInt(Number(raw));
    (context.cursors.kill(id) ? killed : notFound).push(id);
  }
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

export const count: CommandHandler = (command, context) => {
  const name = collectionName(command, 'count');
  const collection = context.storage.collection(context.db, name);
  const options = countCommandOptions(command);
  if (!options) {
    const skip = optionalNumber(command.skip) ?? 0;
    const limit = optionalNumber(command.limit) ?? 0;
    const n = Math.max(0, (collection?.docs.size ?? 0) - skip);
    return { n: limit ? Math.min(n, Math.abs(limit)) : n, ok: 1 };
  }
  return { n: matchDocuments(collection, options).length, ok: 1 };
};

export const distinct: CommandHandler = (command, context: CommandContext) => {
  const name = collectionName(command, 'distinct');
  const key = command.key as unknown;
  if (typeof key !== 'string') throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "'key' must be a string");
  const queryOptions = commandQueryOptions(command);
  const docs = matchDocuments(context.storage.collection(context.db, name), { filter: command.query as Document | undefined, hint: command.hint, ...queryOptions });
  const seen = new Map<string, unknown>();
  for (const doc of docs) {
    for (const value of indexableValues(doc, key)) {
      if (value === undefined) continue;
      const k = indexKey(value);
      if (!seen.has(k)) seen.set(k, value);
    }
  }
  if (!queryOptions.collation) return { values: [...seen.values()].sort(compareValues), ok: 1 };
  // Under a collation, values it holds equal ('Bob' and 'bob' at strength 2) are one distinct value.
  const collator = collatorFor(queryOptions.collation);
  const sorted = [...seen.values()].sort((a, b) => compareValues(a, b, collator));
  return { values: sorted.filter((value, i) => i === 0 || compareValues(sorted[i - 1], value, collator) !== 0), ok: 1 };
};
