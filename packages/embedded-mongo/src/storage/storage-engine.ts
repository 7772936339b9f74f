import type { Document } from 'bson';
import { ChangeLog } from '../changes/change-log.js';
import { Catalog } from './catalog.js';
import type { Collection } from './collection.js';
import { DataDirectory, type DataDirectoryOptions } from './data-directory.js';
import type { IndexSpec } from './index-spec.js';
import type { JournalRecord } from './journal-record.js';

/**
 * The only way commands change data: each method changes the in-memory catalog and journals the
 * change. Without a dbPath it is purely in memory.
 */
export class StorageEngine {
  readonly catalog = new Catalog();
  /** Every change in order, for change streams. */
  readonly changes = new ChangeLog(this);
  private data: DataDirectory | undefined;

  static async open(dbPath: string | undefined, options: DataDirectoryOptions = {}): Promise<StorageEngine> {
    const engine = new StorageEngine();
    if (dbPath) engine.data = await DataDirectory.open(dbPath, engine.catalog, options);
    engine.changes.load();
    return engine;
  }

  get persistent(): boolean {
    return this.data !== undefined;
  }

  /** Resolves when every change made so far is on disk (at once in memory mode). */
  durable(): Promise<void> {
    return this.data ? this.data.durable() : Promise.resolve();
  }

  compact(): Promise<void> {
    return this.data ? this.data.compact() : Promise.resolve();
  }

  async close(): Promise<void> {
    await this.data?.close();
  }

  collection(db: string, name: string): Collection | undefined {
    return this.catalog.get(db, name);
  }

  /** The collection, created (and journalled) on first use, as MongoDB does on first write. */
  ensureCollection(db: string, name: string, options: Document = {}): Collection {
    const { collection, created } = this.catalog.ensure(db, name, options);
    if (created) this.record({ op: 'create', d: db, c: name, options });
    return collection;
  }

  /** collMod: replaces a collection's options (its validator). */
  setOptions(collection: Collection, options: Document): void {
    collection.setOptions(options);
    this.record({ op: 'options', d: collection.db, c: collection.name, options });
  }

  insert(collection: Collection, doc: Document): void {
    collection.insert(doc);
    this.record({ op: 'put', d: collection.db, c: collection.name, doc });
    this.changes.inserted(collection, doc);
  }

  /** `kind` is what change streams report: an operator update or a whole replacement. */
  replace(collection: Collection, oldDoc: Document, newDoc: Document, kind: 'update' | 'replace' = 'update'): void {
    collection.replace(oldDoc, newDoc);
    this.record({ op: 'put', d: collection.db, c: collection.name, doc: newDoc });
    this.changes.replaced(collection, oldDoc, newDoc, kind);
  }

  remove(collection: Collection, doc: Document): void {
    collection.remove(doc);
    this.record({ op: 'del', d: collection.db, c: collection.name, id: doc._id });
    this.changes.removed(collection, doc);
  }

  createIndex(collection: Collection, spec: IndexSpec): void {
    collection.addIndex(spec);
    this.record({ op: 'index', d: collection.db, c: collection.name, spec });
  }

  dropIndex(collection: Collection, name: string): boolean {
    const dropped = collection.dropIndex(name);
    if (dropped) this.record({ op: 'dropIndex', d: collection.db, c: collection.name, name });
    return dropped;
  }

  dropCollection(db: string, name: string): boolean {
    const dropped = this.catalog.drop(db, name);
    if (dropped) this.record({ op: 'drop', d: db, c: name });
    if (dropped) this.changes.dropped(db, name);
    return dropped;
  }

  dropDatabase(db: string): void {
    if (this.catalog.dropDatabase(db)) {
      this.record({ op: 'dropDatabase', d: db });
      this.changes.dropped(db);
    }
  }

  private record(record: JournalRecord): void {
    this.data?.append(record);
  }
}
