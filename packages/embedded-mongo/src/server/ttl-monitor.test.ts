import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import mongoose, { Schema } from 'mongoose';
import { startEmbeddedMongo } from './embedded-server.js';

describe('TTL indexes', () => {
  it('deletes documents once their indexed date is older than expireAfterSeconds', async () => {
    const server = await startEmbeddedMongo({ log: () => undefined, ttlIntervalMs: 50 });
    const conn = await mongoose.createConnection(server.uri, { dbName: 'ttl' }).asPromise();
    try {
      const Token = conn.model('Token', new Schema({ value: String, createdAt: { type: Date, expires: 60 } }));
      await Token.init();
      const indexes = await Token.listIndexes();
      assert.equal(indexes.find((i) => i.name === 'createdAt_1')?.expireAfterSeconds, 60);
      await Token.create([
        { value: 'stale', createdAt: new Date(Date.now() - 120_000) },
        { value: 'fresh', createdAt: new Date() },
        { value: 'no date' },
      ]);
      let left: string[] = [];
      for (let i = 0; i < 40; i++) {
        left = (await Token.find().sort({ value: 1 }).lean()).map((t) => t.value ?? '');
        if (left.length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.deepEqual(left, ['fresh', 'no date']);
    } finally {
      await conn.close();
      await server.stop();
    }
  });
});
