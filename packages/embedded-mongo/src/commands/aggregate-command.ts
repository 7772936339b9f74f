import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, notImplemented } from '../errors.js';
import { cloneValue } from '../query/clone-document.js';
import { commandQueryOptions } from '../query/collation.js';
import { matchDocuments } from '../query/find-documents.js';
import { runPipeline } from '../query/matcher.js';
import { isPlainObject } from '../query/path-values.js';
import { runSimpleGroup } from '../query/simple-group.js';
import { type CommandHandler, optionalNumber } from './command-context.js';
import { cursorReply } from './find-commands.js';

/** Stages that only read their input documents, so stored documents can be fed to them uncopied. */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$count', '$limit', '$skip', '$sort', '$sortByCount']);

/** A plain `$lookup` only references the joined documents; one with a sub-pipeline may reshape them. */
function isReadOnlyStage(stage: Document): boolean {
  const name = Object.keys(stage)[0] as string;
  if (name === '$lookup') return isPlainObject(stage.$lookup) && stage.$lookup.pipeline === undefined;
  return READ_ONLY_STAGES.has(name);
}

const UNSUPPORTED_STAGES = new Set(['$out', '$merge', '$collStats', '$indexStats', '$currentOp', '$listSessions', '$planCacheStats', '$changeStream', '$geoNear', '$search']);

export const aggregate: CommandHandler = (command, context) => {
  const target = command.aggregate as unknown;
  if (typeof target !== 'string') throw notImplemented('Database-level aggregation (aggregate: 1)');
  const pipeline = command.pipeline as unknown;
  if (!Array.isArray(pipeline)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) throw new MongoCommandError(40323, 'Location40323', 'A pipeline stage specification object must contain exactly one field.');
    const stageName = Object.keys(stage)[0] as string;
    if (UNSUPPORTED_STAGES.has(stageName)) throw notImplemented(`The ${stageName} aggregation stage`);
  }
  if (command.explain) throw notImplemented('explain');
  const stages = pipeline as Document[];
  const ns = `${context.db}.${target}`;
  const collection = context.storage.collection(context.db, target);

  // Leading $match/$sort/$skip/$limit run here, with indexes and MongoDB's sort order; mingo does the rest.
  let filter: Document | undefined;
  let sort: Document | undefined;
  let i = 0;
  if (stages[0]?.$match) {
    filter = stages[0].$match as Document;
    i = 1;
  }
  if (stages[i]?.$sort) {
    sort = stages[i]?.$sort as Document;
    i += 1;
  }
  let skip: number | undefined;
  let limit: number | undefined;
  if (stages[i]?.$skip !== undefined) {
    skip = optionalNumber(stages[i]?.$skip);
    i += 1;
  }
  if ((optionalNumber(stages[i]?.$limit) ?? 0) > 0) {
    limit = optionalNumber(stages[i]?.$limit);
    i += 1;
  }
  const rest = stages.slice(i);
  const readOnly = rest.every(isReadOnlyStage);
  const copy = (found: Document[]): Document[] => (readOnly ? found : found.map(cloneValue));
  const queryOptions = commandQueryOptions(command);
  const matched = matchDocuments(collection, { filter, sort, skip, limit, hint: command.hint, ...queryOptions });
  // A count by plain fields and calendar buckets runs in one pass of its own; any other $group goes to mingo.
  const grouped = rest[0]?.$group && queryOptions.collation === undefined ? runSimpleGroup(matched, rest[0].$group as Document) : undefined;
  let docs = grouped ?? copy(matched);
  const remaining = grouped ? rest.slice(1) : rest;
  if (remaining.length > 0) {
    docs = runPipeline(docs, remaining, {
      ...queryOptions,
      collectionResolver: (name) => copy([...(context.storage.collection(context.db, name)?.docs.values() ?? [])]),
    });
  }
  const cursorOptions = (command.cursor as Document | undefined) ?? {};
  const batch = context.cursors.first(ns, docs, optionalNumber(cursorOptions.batchSize) ?? 101);
  return cursorReply(ns, batch.docs, batch.cursorId, 'firstBatch');
};
