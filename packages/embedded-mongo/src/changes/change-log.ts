import type { Document } from 'bson';
import { randomBytes } from 'node:crypto';
import type { Collection } from '../storage/collection.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { type ChangeOperation, describeUpdate, type LoggedChange } from './change-event.js';
import type { ChangeStreamCursor } from './change-stream-cursor.js';

/** Where the log persists, like MongoDB's oplog in the `local` database (whose own writes are not logged). */
export const CHANGE_LOG_DB = 'local';
const EVENTS = 'lattice.changes';
const META = 'lattice.changes.meta';
/** How many changes are kept for resuming; older ones are trimmed, as a capped oplog rolls over. */
const DEFAULT_RETAINED = 50_000;

/**
 * Every data change in order, numbered from 1: what change streams read. Persisted with the data (when the
 * server has a data directory), so a resume token from before a restart still resumes at the next change.
 * The log is kept from the first change stream a data directory sees on: a server nobody watches pays nothing.
 */
export class ChangeLog {
  #logId = randomBytes(8).toString('hex');
  /** Retained changes in order; `#events[i]._id === #firstSeq + i`. */
  #events: LoggedChange[] = [];
  #start = 0;
  #lastSeq = 0;
  #lastTime = 0;
  #lastIncrement = 0;
  #enabled = false;
  readonly #waiters = new Set<() => void>();
  /** The open change streams reading this log, by cursor id. */
  readonly streams = new Map<bigint, ChangeStreamCursor>();

  constructor(
    private readonly storage: StorageEngine,
    private readonly retained = DEFAULT_RETAINED,
  ) {}

  get logId(): string {
    return this.#logId;
  }

  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** The oldest position one can resume after (the change before the oldest retained). */
  get oldestResumable(): number {
    const first = this.#events[this.#start];
    return first ? first._id - 1 : this.#lastSeq;
  }

  /** Reads the persisted log (after the data directory is recovered), or starts one. */
  load(): void {
    const meta = this.storage.collection(CHANGE_LOG_DB, META)?.get('log');
    if (!meta || typeof meta.id !== 'string') return;
    this.#logId = meta.id;
    this.#enabled = true;
    const stored = [...(this.storage.collection(CHANGE_LOG_DB, EVENTS)?.docs.values() ?? [])] as LoggedChange[];
    stored.sort((a, b) => a._id - b._id);
    this.#events = stored;
    this.#start = 0;
    const last = stored.at(-1);
    this.#lastSeq = Math.max(typeof meta?.lastSeq === 'number' ? meta.lastSeq : 0, last?._id ?? 0);
    if (last) {
      this.#lastTime = last.t;
      this.#lastIncrement = last.i;
    }
  }

  /** Starts keeping the log (at the first change stream). */
  enable(): void {
    if (this.#enabled) return;
    this.#enabled = true;
    this.storage.insert(this.storage.ensureCollection(CHANGE_LOG_DB, META), { _id: 'log', id: this.#logId });
  }

  /** Changes after `seq`, at most `limit` of them. */
  after(seq: number, limit: number): LoggedChange[] {
    const first = this.#events[this.#start];
    if (!first) return [];
    const from = this.#start + Math.max(0, seq + 1 - first._id);
    return this.#events.slice(from, from + limit);
  }

  /** Resolves at the next change or after `ms`, whichever comes first. */
  waitForChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#waiters.add(done);
    });
  }

  inserted(collection: Collection, doc: Document): void {
    this.#append(collection.db, { op: 'insert', coll: collection.name, key: doc._id, doc });
  }

  replaced(collection: Collection, before: Document, after: Document, kind: 'update' | 'replace'): void {
    if (kind === 'replace') {
      this.#append(collection.db, { op: 'replace', coll: collection.name, key: after._id, doc: after });
      return;
    }
    this.#append(collection.db, { op: 'update', coll: collection.name, key: after._id, ...describeUpdate(before, after) });
  }

  removed(collection: Collection, doc: Document): void {
    this.#append(collection.db, { op: 'delete', coll: collection.name, key: doc._id });
  }

  dropped(db: string, coll?: string): void {
    this.#append(db, coll === undefined ? { op: 'dropDatabase' } : { op: 'drop', coll });
  }

  #append(db: string, change: { op: ChangeOperation; coll?: string; key?: unknown; doc?: Document; updated?: Document; removed?: string[] }): void {
    if (db === CHANGE_LOG_DB || !this.#enabled) return;
    const event: LoggedChange = { _id: this.#lastSeq + 1, ...this.#nextTimestamp(), wall: new Date(), db, ...change };
    this.#lastSeq = event._id;
    this.storage.insert(this.storage.ensureCollection(CHANGE_LOG_DB, EVENTS), event as unknown as Document);
    this.#events.push(event);
    this.#trim();
    for (const wake of [...this.#waiters]) setImmediate(wake);
  }

  #trim(): void {
    const excess = this.#events.length - this.#start - this.retained;
    if (excess <= 0) return;
    const events = this.storage.collection(CHANGE_LOG_DB, EVENTS);
    const meta = this.storage.collection(CHANGE_LOG_DB, META);
    // The last position is kept in the meta record, so trimming everything never resets the numbering.
    if (meta) this.storage.replace(meta, meta.get('log') ?? { _id: 'log' }, { _id: 'log', id: this.#logId, lastSeq: this.#lastSeq });
    for (let i = 0; i < excess; i += 1) {
      const oldest = this.#events[this.#start];
      if (events && oldest) this.storage.remove(events, oldest as unknown as Document);
      this.#start += 1;
    }
    if (this.#start > 4096 && this.#start * 2 > this.#events.length) {
      this.#events = this.#events.slice(this.#start);
      this.#start = 0;
    }
  }

  /** Cluster times as MongoDB's: seconds, and an increment that orders changes within a second. */
  #nextTimestamp(): { t: number; i: number } {
    const seconds = Math.floor(Date.now() / 1000);
    if (seconds > this.#lastTime) {
      this.#lastTime = seconds;
      this.#lastIncrement = 0;
    }
    this.#lastIncrement += 1;
    return { t: this.#lastTime, i: this.#lastIncrement };
  }
}
