import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { backupFormat, fileNameOf, manifestFileName, type BackupCollection, type BackupManifest } from './backup-manifest.js';

// The bson package the driver itself uses (mongoose's), so the types it decodes are the ones EJSON knows.
const { EJSON } = mongoose.mongo.BSON;

export interface WriteBackupOptions {
  client: MongoClient;
  databases: string[];
  plugins: string[];
  /** The backup's directory; it must not exist yet, or be empty. */
  out: string;
  log?: (line: string) => void;
}

/**
 * Writes each database as a directory of NDJSON files, one canonical Extended JSON document a line (types such as
 * Date, ObjectId, Int64 and Decimal128 survive), streamed from a cursor so a large collection never sits in memory,
 * with its index definitions and a manifest of counts and SHA-256 checksums. Everything is written into a sibling
 * temporary directory renamed to `out` at the end: a backup that failed leaves nothing that looks complete.
 */
export async function writeBackup(options: WriteBackupOptions): Promise<BackupManifest> {
  const out = resolve(options.out);
  await refuseNonEmpty(out);
  const temporary = join(dirname(out), `.${basename(out)}.incomplete-${process.pid}-${Date.now()}`);
  await mkdir(temporary, { recursive: true });
  try {
    const manifest: BackupManifest = { format: backupFormat, createdAt: new Date().toISOString(), plugins: options.plugins, databases: [] };
    for (const name of options.databases) {
      const directory = fileNameOf(name);
      await mkdir(join(temporary, directory));
      const collections = await backUpDatabase(options.client.db(name), join(temporary, directory), directory);
      manifest.databases.push({ name, directory, collections });
      options.log?.(`${name}: ${collections.map((collection) => `${collection.name} ${collection.count}`).join(', ') || '(empty)'}`);
    }
    // The manifest last: a directory without one is never taken for a backup.
    await writeFile(join(temporary, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`);
    await rmdir(out).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(temporary, out);
    return manifest;
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
}

async function refuseNonEmpty(out: string): Promise<void> {
  try {
    const entries = await readdir(out);
    if (entries.length > 0) throw new Error(`${out} is not empty: a backup goes into a new (or empty) directory`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function backUpDatabase(db: Db, directory: string, relative: string): Promise<BackupCollection[]> {
  const listed = await db.listCollections({ type: 'collection' }, { nameOnly: false }).toArray();
  const collections: BackupCollection[] = [];
  for (const { name, options } of listed.sort((a, b) => a.name.localeCompare(b.name))) {
    if (name.startsWith('system.')) continue;
    const file = fileNameOf(name);
    const indexes = (await db.collection(name).listIndexes().toArray()).map(({ v: _version, ns: _namespace, ...index }) => index);
    const indexesText = `${EJSON.stringify(indexes, { relaxed: false })}\n`;
    await writeFile(join(directory, `${file}.indexes.json`), indexesText);
    const documents = await writeDocuments(db, name, join(directory, `${file}.ndjson`));
    collections.push({
      name,
      options: (options ?? {}) as Record<string, unknown>,
      count: documents.count,
      documents: { file: `${relative}/${file}.ndjson`, sha256: documents.sha256 },
      indexes: { file: `${relative}/${file}.indexes.json`, sha256: createHash('sha256').update(indexesText).digest('hex') },
    });
  }
  return collections;
}

async function writeDocuments(db: Db, collection: string, file: string): Promise<{ count: number; sha256: string }> {
  const hash = createHash('sha256');
  let count = 0;
  // promoteValues off: an Int32, a Double and an Int64 keep their BSON types instead of all becoming numbers.
  const cursor = db.collection(collection).find({}, { promoteValues: false, promoteLongs: false, promoteBuffers: false, batchSize: 1000 });
  async function* lines() {
    for await (const document of cursor) {
      const line = `${EJSON.stringify(document, { relaxed: false })}\n`;
      hash.update(line);
      count += 1;
      yield line;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
  return { count, sha256: hash.digest('hex') };
}
