import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { cloneValue } from '../query/clone-document.js';
import { runPipeline } from '../query/matcher.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { clusterTime, type LoggedChange } from './change-event.js';
import type { ChangeLog } from './change-log.js';
import { resumeToken } from './resume-token.js';

export type FullDocumentMode = 'default' | 'updateLookup' | 'whenAvailable' | 'required';

/** What a change stream follows: one collection, one database, or (from `admin`) every database. */
export interface ChangeStreamScope {
  db?: string;
  coll?: string;
}

/** How many logged changes one batch looks at, so a stream far behind answers in bounded time. */
const SCAN_LIMIT = 10_000;

/** An open change stream: a position in the log, moved on by each batch it returns. */
export class ChangeStreamCursor {
  #position: number;
  #invalidated = false;
  closed = false;
  lastUsed = Date.now();

  constructor(
    readonly ns: string,
    private readonly scope: ChangeStreamScope,
    private readonly fullDocument: FullDocumentMode,
    private readonly pipeline: Document[],
    private readonly log: ChangeLog,
    private readonly storage: StorageEngine,
    startAfter: number,
  ) {
    this.#position = startAfter;
  }

  /** Whether a getMore would find anything (so it need not wait). */
  get hasPending(): boolean {
    return this.closed || this.log.lastSeq > this.#position;
  }

  /** The next events, at most `batchSize`; the token to resume after everything looked at. */
  nextBatch(batchSize: number): { events: Document[]; postBatchResumeToken: Document } {
    this.lastUsed = Date.now();
    const events: Document[] = [];
    while (events.length < batchSize && !this.closed) {
      const scanned = this.log.after(this.#position, Math.min(SCAN_LIMIT, batchSize - events.length));
      if (scanned.length === 0) break;
      for (const change of scanned) {
        this.#position = change._id;
        if (!this.#follows(change)) continue;
        const shaped = this.#shape(change);
        events.push(...(this.pipeline.length > 0 ? runPipeline([shaped], this.pipeline, {}) : [shaped]));
        if (this.#ends(change)) {
          events.push({ _id: resumeToken(this.log.logId, change._id), operationType: 'invalidate', clusterTime: clusterTime(change), wallTime: change.wall });
          this.#invalidated = true;
          this.closed = true;
          break;
        }
      }
    }
    return { events, postBatchResumeToken: resumeToken(this.log.logId, this.#position) };
  }

  get invalidated(): boolean {
    return this.#invalidated;
  }

  #follows(change: LoggedChange): boolean {
    if (this.scope.db !== undefined && change.db !== this.scope.db) return false;
    if (this.scope.coll !== undefined && change.coll !== undefined && change.coll !== this.scope.coll) return false;
    return true;
  }

  /** A collection's stream ends when the collection (or its database) is dropped, as MongoDB's does. */
  #ends(change: LoggedChange): boolean {
    if (this.scope.coll !== undefined) return change.op === 'drop' || change.op === 'dropDatabase';
    return this.scope.db !== undefined && change.op === 'dropDatabase';
  }

  #shape(change: LoggedChange): Document {
    const event: Document = {
      _id: resumeToken(this.log.logId, change._id),
      operationType: change.op,
      clusterTime: clusterTime(change),
      wallTime: change.wall,
      ns: change.coll === undefined ? { db: change.db } : { db: change.db, coll: change.coll },
    };
    if (change.key !== undefined) event.documentKey = { _id: change.key };
    if (change.op === 'update') {
      event.updateDescription = { updatedFields: cloneValue(change.updated ?? {}), removedFields: change.removed ?? [], truncatedArrays: [] };
      if (this.fullDocument !== 'default') {
        const current = this.storage.collection(change.db, change.coll ?? '')?.get(change.key);
        if (!current && this.fullDocument === 'required') {
          throw new MongoCommandError(
            280,
            'ChangeStreamFatalError',
            `Change stream was configured to require a post-image for all update, delete and replace events, but the post-image was not found for event: ${JSON.stringify(event._id)}`,
          );
        }
        event.fullDocument = current ? cloneValue(current) : null;
      }
    }
    if (change.doc) event.fullDocument = cloneValue(change.doc);
    return event;
  }
}
