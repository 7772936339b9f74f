import assert from 'node:assert/strict';
import { appendFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { frameRecord } from './record-file.js';
import { StorageEngine } from './storage-engine.js';
import { makeTempDir } from '../test-support/test-server.js';

async function seed(dir: string, ids: string[]): Promise<void> {
  const engine = await StorageEngine.open(dir);
  const collection = engine.ensureCollection('db', 'c');
  for (const id of ids) engine.insert(collection, { _id: id });
  await engine.durable();
  await engine.close();
}

async function storedIds(dir: string, log?: (line: string) => void): Promise<string[]> {
  const engine = await StorageEngine.open(dir, log ? { log } : {});
  const ids = [...(engine.collection('db', 'c')?.docs.values() ?? [])].map((d) => d._id as string).sort();
  await engine.close();
  return ids;
}

describe('recovery', () => {
  it('drops a torn journal tail (an unacknowledged write) and truncates the file', async () => {
    const dir = await makeTempDir('em-torn');
    try {
      await seed(dir.path, ['a', 'b']);
      const journal = join(dir.path, 'journal-00000001.log');
      const whole = (await stat(journal)).size;
      const next = frameRecord({ op: 'put', d: 'db', c: 'c', doc: { _id: 'c' } });
      await appendFile(journal, next.subarray(0, next.length - 3));
      const logs: string[] = [];
      assert.deepEqual(await storedIds(dir.path, (line) => logs.push(line)), ['a', 'b']);
      assert.ok(logs.some((line) => /torn tail/.test(line)), logs.join('\n'));
      assert.equal((await stat(journal)).size, whole);
      assert.deepEqual(await storedIds(dir.path), ['a', 'b']);
    } finally {
      await dir.remove();
    }
  });

  it('a corrupted record (bad checksum) ends replay at that record', async () => {
    const dir = await makeTempDir('em-crc');
    try {
      await seed(dir.path, ['a']);
      const bad = frameRecord({ op: 'put', d: 'db', c: 'c', doc: { _id: 'zz' } });
      bad.writeUInt8(bad.readUInt8(bad.length - 2) ^ 0xff, bad.length - 2);
      await appendFile(join(dir.path, 'journal-00000001.log'), bad);
      assert.deepEqual(await storedIds(dir.path), ['a']);
    } finally {
      await dir.remove();
    }
  });

  it('recovers a crash in the middle of compaction: old snapshot + both journals, partial snapshot ignored', async () => {
    const dir = await makeTempDir('em-midcompact');
    try {
      await seed(dir.path, ['a', 'b']);
      await writeFile(join(dir.path, 'snapshot-00000002.bson.tmp'), Buffer.from('half a snapshot'));
      await writeFile(
        join(dir.path, 'journal-00000002.log'),
        Buffer.concat([frameRecord({ op: 'put', d: 'db', c: 'c', doc: { _id: 'c' } }), frameRecord({ op: 'del', d: 'db', c: 'c', id: 'a' })]),
      );
      assert.deepEqual(await storedIds(dir.path), ['b', 'c']);
      const files = await readdir(dir.path);
      assert.ok(!files.some((f) => f.endsWith('.tmp')), files.join(', '));
    } finally {
      await dir.remove();
    }
  });

  it('a second server on the same dbPath is refused while the first runs', async () => {
    const dir = await makeTempDir('em-lock');
    try {
      const first = await StorageEngine.open(dir.path);
      await assert.rejects(StorageEngine.open(dir.path), /in use by this process/);
      await writeFile(join(dir.path, 'embedded-mongo.lock'), String(process.ppid));
      await first.close();
      await writeFile(join(dir.path, 'embedded-mongo.lock'), String(process.ppid));
      await assert.rejects(StorageEngine.open(dir.path), /is in use by process/);
    } finally {
      await dir.remove();
    }
  });
});
