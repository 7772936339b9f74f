import type { Document, Timestamp } from 'bson';
import { randomBytes } from 'node:crypto';
import { badValue, ErrorCodes, MongoCommandError } from '../errors.js';
import { isPlainObject } from '../query/path-values.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { type CommandHandler, optionalNumber } from '../commands/command-context.js';
import { clusterTime } from './change-event.js';
import { ChangeStreamCursor, type ChangeStreamScope, type FullDocumentMode } from './change-stream-cursor.js';
import type { ChangeLog } from './change-log.js';
import { readResumeToken } from './resume-token.js';

const FULL_DOCUMENT_MODES = new Set<FullDocumentMode>(['default', 'updateLookup', 'whenAvailable', 'required']);
/** What a getMore waits for a change when the client names no `maxTimeMS` (MongoDB's default await time). */
const DEFAULT_AWAIT_MS = 1000;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
/** Stages MongoDB allows after `$changeStream`. */
const ALLOWED_STAGES = new Set(['$match', '$project', '$addFields', '$set', '$unset', '$replaceRoot', '$replaceWith', '$redact']);

function historyLost(): MongoCommandError {
  return new MongoCommandError(286, 'ChangeStreamHistoryLost', 'Resume of change stream was not possible, as the resume point may no longer be in the oplog.');
}

/** The position a new stream starts after: a resume token's, an operation time's, or now. */
function startPosition(spec: Document, log: ChangeLog): number {
  const token = spec.resumeAfter ?? spec.startAfter;
  if (token !== undefined) {
    const read = readResumeToken(token);
    if (!read) throw badValue('Invalid resume token: not a token this server issued');
    if (read.logId !== log.logId || read.seq < log.oldestResumable || read.seq > log.lastSeq) throw historyLost();
    return read.seq;
  }
  const at = spec.startAtOperationTime as Timestamp | undefined;
  if (at !== undefined) {
    if (typeof at !== 'object' || typeof (at as { compare?: unknown }).compare !== 'function') throw badValue('startAtOperationTime must be a timestamp');
    let position = log.oldestResumable;
    for (const change of log.after(position, Number.MAX_SAFE_INTEGER)) {
      if (clusterTime(change).compare(at) >= 0) break;
      position = change._id;
    }
    return position;
  }
  return log.lastSeq;
}

function streamScope(command: Document, spec: Document, db: string): ChangeStreamScope {
  if (typeof command.aggregate === 'string') return { db, coll: command.aggregate };
  if (spec.allChangesForCluster === true) {
    if (db !== 'admin') throw badValue('A change stream for the whole cluster must be opened on the admin database');
    return {};
  }
  return { db };
}

function openStream(command: Document, storage: StorageEngine, db: string): Document {
  const pipeline = command.pipeline as Document[];
  const spec = pipeline[0]?.$changeStream as unknown;
  if (!isPlainObject(spec)) throw new MongoCommandError(ErrorCodes.TypeMismatch, 'TypeMismatch', 'the $changeStream stage takes an object');
  const fullDocument = (spec.fullDocument ?? 'default') as FullDocumentMode;
  if (!FULL_DOCUMENT_MODES.has(fullDocument)) throw badValue(`unknown fullDocument mode '${String(spec.fullDocument)}'`);
  const rest = pipeline.slice(1);
  for (const stage of rest) {
    const name = Object.keys(stage)[0] ?? '';
    if (!ALLOWED_STAGES.has(name)) throw new MongoCommandError(ErrorCodes.IllegalOperation, 'IllegalOperation', `${name} is not permitted in a $changeStream pipeline`);
  }
  const log = storage.changes;
  log.enable();
  const scope = streamScope(command, spec, db);
  const ns = scope.coll === undefined ? `${db}.$cmd.aggregate` : `${db}.${scope.coll}`;
  const cursor = new ChangeStreamCursor(ns, scope, fullDocument, rest, log, storage, startPosition(spec, log));
  sweepIdle(log);
  const id = randomBytes(8).readBigInt64LE() & 0x7fff_ffff_ffff_ffffn || 1n;
  log.streams.set(id, cursor);
  const cursorOptions = isPlainObject(command.cursor) ? command.cursor : {};
  const batch = cursor.nextBatch(optionalNumber(cursorOptions.batchSize) ?? 101);
  if (cursor.closed) log.streams.delete(id);
  return { cursor: { firstBatch: batch.events, postBatchResumeToken: batch.postBatchResumeToken, id: cursor.closed ? 0n : id, ns }, ok: 1 };
}

function sweepIdle(log: ChangeLog): void {
  const cutoff = Date.now() - IDLE_TIMEOUT_MS;
  for (const [id, cursor] of log.streams) if (cursor.lastUsed < cutoff) log.streams.delete(id);
}

function cursorId(value: unknown): bigint {
  return typeof value === 'bigint' ? value : BigInt(Number(value));
}

/** `aggregate` that opens a change stream when the pipeline starts with `$changeStream`. */
export function withChangeStreamAggregate(aggregate: CommandHandler): CommandHandler {
  return (command, context) => {
    const pipeline = command.pipeline as unknown;
    if (Array.isArray(pipeline) && isPlainObject(pipeline[0]) && '$changeStream' in pipeline[0]) return openStream(command, context.storage, context.db);
    return aggregate(command, context);
  };
}

/** `getMore` that reads the next events of a change stream's cursor. */
export function withChangeStreamGetMore(getMore: CommandHandler): CommandHandler {
  return (command, context) => {
    const id = cursorId(command.getMore);
    const log = context.storage.changes;
    const cursor = log.streams.get(id);
    if (!cursor) return getMore(command, context);
    const batch = cursor.nextBatch(optionalNumber(command.batchSize) ?? 1000);
    if (cursor.closed) log.streams.delete(id);
    return { cursor: { nextBatch: batch.events, postBatchResumeToken: batch.postBatchResumeToken, id: cursor.closed ? 0n : id, ns: cursor.ns }, ok: 1 };
  };
}

/** `killCursors` that also closes change streams. */
export function withChangeStreamKillCursors(killCursors: CommandHandler): CommandHandler {
  return (command, context) => {
    const ids = ((command.cursors as unknown[] | undefined) ?? []).map(cursorId);
    const streams = context.storage.changes.streams;
    const killed = ids.filter((id) => streams.delete(id));
    const reply = killCursors({ ...command, cursors: ids.filter((id) => !killed.includes(id)) }, context);
    return { ...reply, cursorsKilled: [...killed, ...((reply.cursorsKilled as bigint[] | undefined) ?? [])] };
  };
}

/**
 * A getMore on a change stream with nothing new waits (up to its `maxTimeMS`, else 1 s) for the next change
 * before it runs, as MongoDB's awaitData cursors do, so the driver does not spin. Undefined for any other command.
 */
export function changeStreamWait(command: Document, storage: StorageEngine): Promise<void> | undefined {
  if (!('getMore' in command)) return undefined;
  const cursor = storage.changes.streams.get(cursorId(command.getMore));
  if (!cursor || cursor.hasPending) return undefined;
  const wait = optionalNumber(command.maxTimeMS) ?? DEFAULT_AWAIT_MS;
  delete command.maxTimeMS;
  return storage.changes.waitForChange(wait);
}
