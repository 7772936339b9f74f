import type { Document } from 'bson';
import { Collection } from './collection.js';

/** Every database and collection the server holds in memory. */
export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  get(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** Returns the collection, creating it when absent; `created` tells the caller whether to journal it. */
  ensure(db: string, name: string, options: Document = {}): { collection: Collection; created: boolean } {
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const existing = collections.get(name);
    if (existing) return { collection: existing, created: false };
    const collection = new Collection(db, name, options);
    collections.set(name, collection);
    return { collection, created: true };
  }

  drop(db: string, name: string): boolean {
    const collections = this.databases.get(db);
    if (!collections?.delete(name)) return false;
    if (collections.size === 0) this.databases.delete(db);
    return true;
  }

  dropDatabase(db: string): boolean {
    return this.databases.delete(db);
  }
}
