import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Db, Document, IndexDescription, MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { readBackupManifest, type BackupCollection, type BackupManifest } from './backup-manifest.js';
import { verifyBackup } from './verify-backup.js';

const { EJSON } = mongoose.mongo.BSON;
const batchSize = 1000;

export interface RestoreBackupOptions {
  client: MongoClient;
  from: string;
  /** Drop each database of the backup before restoring it; without it a database holding documents is refused. */
  drop?: boolean;
  log?: (line: string) => void;
}

export interface RestoredCollection {
  database: string;
  collection: string;
  count: number;
}

/**
 * Restores a backup of `writeBackup`: the manifest and every checksum are checked, and the target databases found
 * empty (or dropped with `drop`), before anything is written; then each collection is created with its options and
 * indexes and its documents inserted in batches. A failure says which collections were restored and which not.
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<{ manifest: BackupManifest; restored: RestoredCollection[] }> {
  const manifest = await readBackupManifest(options.from);
  await verifyBackup(options.from, manifest);
  if (!options.drop) await refuseNonEmptyDatabases(options.client, manifest);
  const restored: RestoredCollection[] = [];
  const pending = manifest.databases.flatMap((database) => database.collections.map((collection) => `${database.name}.${collection.name}`));
  try {
    for (const database of manifest.databases) {
      const db = options.client.db(database.name);
      if (options.drop) await db.dropDatabase();
      for (const collection of database.collections) {
        const count = await restoreCollection(db, options.from, collection);
        restored.push({ database: database.name, collection: collection.name, count });
        pending.shift();
        options.log?.(`${database.name}.${collection.name}: ${count} documents`);
      }
    }
  } catch (error) {
    const done = restored.map((entry) => `${entry.database}.${entry.collection}`).join(', ') || 'nothing';
    throw new Error(
      `the restore stopped at ${pending[0]}: ${(error as Error).message}\n  restored: ${done}\n  not restored: ${pending.join(', ')}\n` +
        'Run it again with --drop once the cause is fixed.',
      { cause: error },
    );
  }
  return { manifest, restored };
}

async function refuseNonEmptyDatabases(client: MongoClient, manifest: BackupManifest): Promise<void> {
  const occupied: string[] = [];
  for (const database of manifest.databases) {
    const db = client.db(database.name);
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      if (name.startsWith('system.')) continue;
      const count = await db.collection(name).countDocuments({}, { limit: 1 });
      if (count > 0) occupied.push(`database ${database.name}: collection ${name} is not empty`);
    }
  }
  if (occupied.length > 0) {
    throw new Error(`refusing to restore into databases that hold data (nothing was written; --drop replaces them):\n  ${occupied.join('\n  ')}`);
  }
}

async function restoreCollection(db: Db, directory: string, entry: BackupCollection): Promise<number> {
  const existing = await db.listCollections({ name: entry.name }, { nameOnly: true }).toArray();
  if (existing.length === 0) await db.createCollection(entry.name, entry.options);
  const collection = db.collection(entry.name);
  const indexes = (EJSON.parse(await readFile(join(directory, entry.indexes.file), 'utf8'), { relaxed: false }) as IndexDescription[]).filter(
    (index) => index.name !== '_id_',
  );
  if (indexes.length > 0) await collection.createIndexes(indexes);
  let batch: Document[] = [];
  let count = 0;
  const lines = createInterface({ input: createReadStream(join(directory, entry.documents.file)), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(EJSON.parse(line, { relaxed: false }) as Document);
    if (batch.length === batchSize) {
      await collection.insertMany(batch, { ordered: true });
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) {
    await collection.insertMany(batch, { ordered: true });
    count += batch.length;
  }
  if (count !== entry.count) throw new Error(`${entry.count} documents expected, ${count} inserted`);
  return count;
}
