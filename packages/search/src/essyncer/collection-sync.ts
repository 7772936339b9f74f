import type { ChangeStream, ChangeStreamDocument, Collection, Document, MongoClient, ResumeToken } from 'mongodb';
import type { BulkOperation, SearchClient } from '../client/search-client.js';
import { type DeclaredSearch, STATE_INDEX, declarationHash, indexMappings, indexName, indexRecord } from '../layout/index-layout.js';

export interface SyncLog {
  info(message: string): void;
  error(message: string): void;
}

interface SyncState {
  hash: string;
  /** The resume token after the last change written, as JSON. */
  token: string;
}

/** How many records one bulk request of the initial load carries. */
const LOAD_BATCH = 1000;
/**
 * How many changes are read, written and decoded at once. Without a bound, an import of thousands of documents
 * arrived as one batch, decoded and applied in one turn of the event loop, which in `npm start` is the one that
 * serves every plugin (about 150 ms at a time for 5,000 documents on a quiet machine).
 */
const CHANGE_BATCH = 100;
/** Wait before following again after an error (the database or the engine restarting). */
const RETRY_MS = 1000;
const HISTORY_LOST = 286;

/**
 * Keeps one declaration's index equal to its collection: an initial load when the index is new or was built
 * from another declaration, then the collection's change stream, each batch of changes written in one bulk
 * request together with the resume token after it. A restart resumes after the last token written, so no
 * change is lost; one written twice (a crash between the engine's write and its answer) is the same write again.
 */
export class CollectionSync {
  readonly index: string;
  readonly #hash: string;
  #stream: ChangeStream | undefined;
  #stopped = false;
  #running: Promise<void> | undefined;
  /** Changes applied since start, for the benchmark and logs. */
  applied = 0;

  constructor(
    private readonly mongo: MongoClient,
    private readonly search: SearchClient,
    private readonly declared: DeclaredSearch,
    private readonly log: SyncLog,
  ) {
    this.index = indexName(declared);
    this.#hash = declarationHash(declared);
  }

  start(): void {
    this.#running ??= this.#run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#stream?.close().catch(() => undefined);
    await this.#running;
  }

  get #collection(): Collection<Document> {
    return this.mongo.db(this.declared.dbName).collection(this.declared.declaration.collection);
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      try {
        await this.#follow();
      } catch (error) {
        if (this.#stopped) break;
        const lost = (error as { code?: number }).code === HISTORY_LOST;
        this.log.error(`${this.index}: ${lost ? 'the database no longer holds the stored resume point; loading again' : `following stopped (${error instanceof Error ? error.message : String(error)}); again in 1 s`}`);
        if (lost) await this.search.deleteIndex(this.index).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  async #follow(): Promise<void> {
    const state = await this.#state();
    let stream: ChangeStream;
    if (state && state.hash === this.#hash && (await this.search.indexExists(this.index))) {
      stream = this.#collection.watch([], { fullDocument: 'updateLookup', batchSize: CHANGE_BATCH, startAfter: JSON.parse(state.token) as ResumeToken });
      this.#stream = stream;
    } else {
      stream = await this.#load();
    }
    while (!this.#stopped) {
      const first = await stream.next().catch((error: unknown) => {
        if (this.#stopped) return undefined;
        throw error;
      });
      if (!first) return;
      const events: ChangeStreamDocument[] = [first];
      while (stream.bufferedCount() > 0 && events.length < CHANGE_BATCH) events.push(await stream.next());
      await this.#apply(events, stream.resumeToken);
    }
  }

  /** Builds the index anew: the stream opens first, so changes made during the load are applied after it. */
  async #load(): Promise<ChangeStream> {
    const stream = this.#collection.watch([], { fullDocument: 'updateLookup', batchSize: CHANGE_BATCH });
    this.#stream = stream;
    // The first (empty) batch sets the stream's starting point and its resume token.
    const early = await stream.tryNext();
    await this.search.deleteIndex(this.index);
    await this.search.createIndex(this.index, indexMappings(this.declared.declaration));
    let batch: BulkOperation[] = [];
    let loaded = 0;
    for await (const doc of this.#collection.find({}).batchSize(LOAD_BATCH)) {
      batch.push({ op: 'index', index: this.index, id: String(doc._id), source: indexRecord(this.declared.declaration, doc) });
      if (batch.length >= LOAD_BATCH) {
        await this.search.bulk(batch);
        loaded += batch.length;
        batch = [];
      }
    }
    await this.search.bulk(batch);
    loaded += batch.length;
    this.log.info(`${this.index}: loaded ${loaded} records of ${this.declared.dbName}.${this.declared.declaration.collection}`);
    if (early) await this.#apply([early], stream.resumeToken);
    else await this.search.bulk([this.#stateOperation(stream.resumeToken)]);
    return stream;
  }

  async #apply(events: ChangeStreamDocument[], token: ResumeToken): Promise<void> {
    const operations: BulkOperation[] = [];
    for (const event of events) {
      if (event.operationType === 'insert' || event.operationType === 'replace' || event.operationType === 'update') {
        const id = String(event.documentKey._id);
        const doc = event.fullDocument;
        // An update whose document is gone by now is followed by its delete in this or a later batch.
        operations.push(doc ? { op: 'index', index: this.index, id, source: indexRecord(this.declared.declaration, doc) } : { op: 'delete', index: this.index, id });
      } else if (event.operationType === 'delete') {
        operations.push({ op: 'delete', index: this.index, id: String(event.documentKey._id) });
      } else if (event.operationType === 'drop' || event.operationType === 'invalidate' || event.operationType === 'dropDatabase') {
        // The collection is gone: the index is rebuilt (empty) from a new stream.
        await this.search.bulk(operations);
        await this.search.deleteIndex(this.index);
        throw Object.assign(new Error(`${this.declared.declaration.collection} was dropped`), { code: HISTORY_LOST });
      }
    }
    operations.push(this.#stateOperation(token));
    await this.search.bulk(operations);
    this.applied += events.length;
  }

  #stateOperation(token: ResumeToken): BulkOperation {
    const state: SyncState = { hash: this.#hash, token: JSON.stringify(token) };
    return { op: 'index', index: STATE_INDEX, id: this.index, source: state as unknown as Record<string, unknown> };
  }

  async #state(): Promise<SyncState | undefined> {
    if (!(await this.search.indexExists(STATE_INDEX))) {
      await this.search.createIndex(STATE_INDEX, { dynamic: false, properties: {} }).catch((error: unknown) => {
        if ((error as { type?: string }).type !== 'resource_already_exists_exception') throw error;
      });
      return undefined;
    }
    const stored = await this.search.getDocument(STATE_INDEX, this.index);
    return stored && typeof stored.hash === 'string' && typeof stored.token === 'string' ? (stored as unknown as SyncState) : undefined;
  }
}
