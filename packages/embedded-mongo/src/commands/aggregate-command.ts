import type { Document } from 'bson';
import { ErrorCodes, MongoCommandError, notImplemented } from '../errors.js';
import { cloneValue } from '../query/clone-document.js';
import { evalExpr } from 'mingo/core';
import type { AnyObject, Options } from 'mingo/types';
import { commandQueryOptions, type QueryOptions } from '../query/collation.js';
import { mingoOptions } from '../query/mingo-context.js';
import { rewriteExpression } from '../query/field-path-expressions.js';
import { toCommandError } from '../query/mingo-errors.js';
import { matchDocuments } from '../query/find-documents.js';
import { runPipeline } from '../query/matcher.js';
import { isPlainObject } from '../query/path-values.js';
import { runSimpleGroup } from '../query/simple-group.js';
import { type CommandContext, type CommandHandler, optionalNumber } from './command-context.js';
import { checkWriteStagePlacement, isWriteStage, runMerge, runOut } from './aggregate-output.js';
import { cursorReply } from './find-commands.js';
import { explainAggregate } from './aggregate-explain.js';
import { leadingQuery } from './leading-query.js';

/** Stages that only read their input documents, so stored documents can be fed to them uncopied. */
const READ_ONLY_STAGES = new Set(['$match', '$group', '$count', '$limit', '$skip', '$sort', '$sortByCount']);

/** A plain `$lookup` only references the joined documents; one with a sub-pipeline may reshape them. */
function isReadOnlyStage(stage: Document): boolean {
  const name = Object.keys(stage)[0] as string;
  if (name === '$lookup') return isPlainObject(stage.$lookup) && stage.$lookup.pipeline === undefined;
  return READ_ONLY_STAGES.has(name);
}

const UNSUPPORTED_STAGES = new Set(['$collStats', '$indexStats', '$currentOp', '$listSessions', '$planCacheStats', '$changeStream', '$geoNear', '$search']);

/** Stages that start a pipeline of their own, with no collection (`aggregate: 1`). */
const COLLECTIONLESS_STAGES = new Set(['$documents', '$listLocalSessions']);

export const aggregate: CommandHandler = (command, context) => {
  const target = command.aggregate as unknown;
  const pipeline = command.pipeline as unknown;
  if (!Array.isArray(pipeline)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "'pipeline' option must be specified as an array");
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) throw new MongoCommandError(40323, 'Location40323', 'A pipeline stage specification object must contain exactly one field.');
    const stageName = Object.keys(stage)[0] as string;
    if (UNSUPPORTED_STAGES.has(stageName)) throw notImplemented(`The ${stageName} aggregation stage`);
  }
  checkWriteStagePlacement(pipeline as Document[]);
  if (command.explain) return explainAggregate(command, context);
  const all = pipeline as Document[];
  const writeStage = isWriteStage(all[all.length - 1]) ? all[all.length - 1] : undefined;
  const stages = writeStage ? all.slice(0, -1) : all;
  const queryOptions = commandQueryOptions(command);
  const docs = typeof target === 'string' ? collectionResults(target, stages, command, context) : collectionlessResults(target, stages, context, queryOptions);
  const ns = `${context.db}.${typeof target === 'string' ? target : '$cmd.aggregate'}`;
  if (writeStage) {
    if (writeStage.$out !== undefined) runOut(writeStage.$out, docs, context, command.bypassDocumentValidation);
    else runMerge(writeStage.$merge, docs, context, queryOptions, command.bypassDocumentValidation);
    return cursorReply(ns, [], 0n, 'firstBatch');
  }
  const cursorOptions = (command.cursor as Document | undefined) ?? {};
  const batch = context.cursors.first(ns, docs, optionalNumber(cursorOptions.batchSize) ?? 101);
  return cursorReply(ns, batch.docs, batch.cursorId, 'firstBatch');
};

/**
 * `aggregate: 1`: a pipeline that starts from `$documents` (documents given inline, as an expression)
 * or `$listLocalSessions` (the sessions clients have used) rather than from a collection.
 */
function collectionlessResults(target: unknown, stages: Document[], context: CommandContext, queryOptions: QueryOptions): Document[] {
  const first = stages[0];
  const name = first ? (Object.keys(first)[0] as string) : undefined;
  if (target !== 1 || !first || !name || !COLLECTIONLESS_STAGES.has(name)) {
    if (target === 1) throw new MongoCommandError(73, 'InvalidNamespace', `{aggregate: 1} is not valid for '${name ?? 'an empty pipeline'}'; a collection is required.`);
    throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', "Invalid {aggregate: ...} value: must be a collection name or 1");
  }
  let docs: Document[];
  if (name === '$documents') {
    let value: unknown;
    try {
      value = evalExpr({}, rewriteExpression(first.$documents), mingoOptions({ ...queryOptions, variables: { ...queryOptions.variables } as AnyObject }) as Options);
    } catch (error) {
      throw toCommandError(error);
    }
    if (!Array.isArray(value) || value.some((doc) => !isPlainObject(doc))) throw new MongoCommandError(5858203, 'Location5858203', '$documents requires an expression that evaluates to an array of documents');
    docs = value.map((doc) => cloneValue(doc as Document));
  } else {
    const spec = first.$listLocalSessions as unknown;
    if (!isPlainObject(spec)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', '$listLocalSessions options must be specified in an object');
    // One user exists (see auth/), so every cached session is the current user's: {}, allUsers and users agree.
    docs = context.sessions.list();
  }
  const rest = stages.slice(1);
  return rest.length > 0 ? runPipeline(docs, rest, { ...queryOptions, collectionResolver: (coll) => [...(context.storage.collection(context.db, coll)?.docs.values() ?? [])].map(cloneValue) }) : docs;
}

function collectionResults(target: string, stages: Document[], command: Document, context: CommandContext): Document[] {
  const collection = context.storage.collection(context.db, target);
  // Leading $match/$sort/$skip/$limit run here, with indexes and MongoDB's sort order; mingo does the rest.
  const { query, rest } = leadingQuery(stages);
  const readOnly = rest.every(isReadOnlyStage);
  const copy = (found: Document[]): Document[] => (readOnly ? found : found.map(cloneValue));
  const queryOptions = commandQueryOptions(command);
  const matched = matchDocuments(collection, { ...query, hint: command.hint, ...queryOptions });
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
  return docs;
}
