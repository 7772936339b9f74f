import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { BackupManifest } from './backup-manifest.js';

/**
 * Reads every file the manifest names and compares its SHA-256 (and each documents file's line count) with the
 * manifest, before a restore writes anything: a truncated or altered file refuses the whole restore.
 */
export async function verifyBackup(directory: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const database of manifest.databases) {
    for (const collection of database.collections) {
      for (const [kind, entry] of [['documents', collection.documents], ['indexes', collection.indexes]] as const) {
        const file = join(directory, entry.file);
        const read = await hashFile(file).catch((error: NodeJS.ErrnoException) => ({ error: error.code === 'ENOENT' ? 'is missing' : error.message }));
        if ('error' in read) problems.push(`${entry.file} ${read.error}`);
        else if (read.sha256 !== entry.sha256) problems.push(`${entry.file} does not match its checksum (${kind} of ${database.name}.${collection.name})`);
        else if (kind === 'documents' && read.lines !== collection.count) problems.push(`${entry.file} has ${read.lines} documents, the manifest says ${collection.count}`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`the backup in ${directory} is damaged, nothing was restored:\n  ${problems.join('\n  ')}`);
}

async function hashFile(file: string): Promise<{ sha256: string; lines: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    for (let index = bytes.indexOf(10); index !== -1; index = bytes.indexOf(10, index + 1)) lines += 1;
  }
  return { sha256: hash.digest('hex'), lines };
}
