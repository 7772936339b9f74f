import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { Decimal128, Double, Int32, Long, MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../server/embedded-server.js';
import { makeTempDir } from '../test-support/test-server.js';

describe('persistence under dbPath', () => {
  it('keeps documents and indexes across a restart', async () => {
    const dir = await makeTempDir('em-persist');
    try {
      const first = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const client = await MongoClient.connect(first.uri);
      const items = client.db('app').collection('items');
      await items.createIndex({ sku: 1 }, { unique: true });
      await items.insertMany([{ sku: 'a', n: 1 }, { sku: 'b', n: 2 }, { sku: 'c', n: 3 }]);
      await items.updateOne({ sku: 'a' }, { $set: { n: 10 } });
      await items.deleteOne({ sku: 'b' });
      await client.close();
      await first.stop();

      const second = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const again = await MongoClient.connect(second.uri);
      const docs = await again.db('app').collection('items').find({}, { projection: { _id: 0 } }).toArray();
      assert.deepEqual(docs, [{ sku: 'a', n: 10 }, { sku: 'c', n: 3 }], 'natural order survives the restart');
      const indexes = await again.db('app').collection('items').listIndexes().toArray();
      assert.deepEqual(indexes.map((i) => i.name), ['_id_', 'sku_1']);
      await again.close();
      await second.stop();
    } finally {
      await dir.remove();
    }
  });

  it('compaction replaces the journal with a snapshot that restarts to the same state', async () => {
    const dir = await makeTempDir('em-compact');
    try {
      const server = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined, compactAfterBytes: 16 * 1024 });
      const client = await MongoClient.connect(server.uri);
      const counters = client.db('app').collection('counters');
      await counters.insertOne({ _id: 'c' as never, value: 0 });
      for (let i = 0; i < 1000; i++) await counters.updateOne({ _id: 'c' as never }, { $inc: { value: 1 } });
      await client.close();
      await server.stop();
      const files = await readdir(dir.path);
      const sizes = await Promise.all(files.map(async (f) => (await stat(`${dir.path}/${f}`)).size));
      const total = sizes.reduce((a, b) => a + b, 0);
      assert.ok(files.some((f) => f.startsWith('snapshot-')), `expected a snapshot among ${files.join(', ')}`);
      assert.ok(total < 64 * 1024, `data files should stay small after compaction, got ${total} bytes`);

      const restarted = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const again = await MongoClient.connect(restarted.uri);
      const doc = await again.db('app').collection('counters').findOne({});
      assert.equal(doc?.value, 1000);
      await again.close();
      await restarted.stop();
    } finally {
      await dir.remove();
    }
  });

  it('keeps a collection validator changed by collMod across a restart', async () => {
    const dir = await makeTempDir('em-validator');
    try {
      const first = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const client = await MongoClient.connect(first.uri);
      await client.db('app').createCollection('guarded', { validator: { a: { $exists: true } } });
      await client.db('app').command({ collMod: 'guarded', validator: { b: { $exists: true } }, validationLevel: 'moderate' });
      await client.close();
      await first.stop();

      const second = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const again = await MongoClient.connect(second.uri);
      const guarded = again.db('app').collection('guarded');
      await guarded.insertOne({ b: 1 });
      await assert.rejects(guarded.insertOne({ a: 1 }), (e: { code?: number }) => e.code === 121);
      const [info] = await again.db('app').listCollections({ name: 'guarded' }).toArray();
      assert.equal((info as { options?: { validationLevel?: string } }).options?.validationLevel, 'moderate');
      await again.close();
      await second.stop();
    } finally {
      await dir.remove();
    }
  });

  it('keeps the BSON type of every number across a restart and a compaction', async () => {
    const dir = await makeTempDir('em-types');
    try {
      const first = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined, compactAfterBytes: 4 * 1024 });
      const client = await MongoClient.connect(first.uri);
      const values = client.db('app').collection('values');
      await values.insertOne({ _id: 1 as never, d: new Double(5), i: new Int32(5), l: Long.fromNumber(5), m: Decimal128.fromString('5.0') });
      for (let i = 0; i < 200; i++) await values.updateOne({ _id: 1 as never }, { $inc: { d: 1, i: 1 }, $set: { pad: 'x'.repeat(50) } });
      await client.close();
      await first.stop();

      const second = await startEmbeddedMongo({ dbPath: dir.path, log: () => undefined });
      const again = await MongoClient.connect(second.uri);
      const raw = await again.db('app').collection('values').findOne({ _id: 1 as never }, { promoteValues: false });
      assert.ok(raw?.d instanceof Double && raw.d.value === 205);
      assert.ok(raw?.i instanceof Int32 && raw.i.value === 205);
      assert.ok(raw?.l instanceof Long);
      assert.ok(raw?.m instanceof Decimal128);
      await again.close();
      await second.stop();
    } finally {
      await dir.remove();
    }
  });
});
