import { matchDocuments } from '../query/find-documents.js';
import type { StorageEngine } from '../storage/storage-engine.js';

/**
 * Deletes documents whose TTL index date has expired, like mongod's TTL monitor: once per interval,
 * for each index with `expireAfterSeconds` on a single field, every document whose date (or
 * earliest date in an array) is older than the expiry.
 */
export function startTtlMonitor(storage: StorageEngine, intervalMs: number, log: (line: string) => void): () => void {
  const sweep = (): void => {
    let removed = 0;
    for (const db of storage.catalog.databaseNames()) {
      for (const collection of storage.catalog.collections(db)) {
        for (const spec of collection.indexSpecs()) {
          const fields = Object.keys(spec.key);
          if (typeof spec.expireAfterSeconds !== 'number' || fields.length !== 1) continue;
          const cutoff = new Date(Date.now() - spec.expireAfterSeconds * 1000);
          for (const doc of matchDocuments(collection, { filter: { [fields[0] as string]: { $lt: cutoff } } })) {
            storage.remove(collection, doc);
            removed += 1;
          }
        }
      }
    }
    if (removed > 0) storage.durable().catch((error: unknown) => log(`TTL deletes not durable: ${String(error)}`));
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
