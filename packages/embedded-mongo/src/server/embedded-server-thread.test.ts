import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { threadId } from 'node:worker_threads';
import { MongoClient } from 'mongodb';
import { makeTempDir } from '../test-support/test-server.js';
import { startEmbeddedMongoThread } from './embedded-server-thread.js';

describe('the embedded server on a worker thread', () => {
  it('serves the driver, keeps its data across a restart and reports its log lines', async () => {
    const dir = await makeTempDir('em-thread');
    const lines: string[] = [];
    try {
      const first = await startEmbeddedMongoThread({ dbPath: dir.path, log: (line) => lines.push(line) });
      const client = await MongoClient.connect(first.uri);
      await client.db('app').collection('items').insertMany([{ sku: 'a' }, { sku: 'b' }]);
      await client.close();
      await first.stop();

      const second = await startEmbeddedMongoThread({ dbPath: dir.path, log: (line) => lines.push(line) });
      const again = await MongoClient.connect(second.uri);
      const skus = await again.db('app').collection('items').find({}, { projection: { _id: 0, sku: 1 } }).toArray();
      assert.deepEqual(skus, [{ sku: 'a' }, { sku: 'b' }]);
      await again.close();
      await second.stop();
      assert.equal(threadId, 0, 'the test itself runs on the main thread');
      assert.ok(lines.length > 0, 'the thread sends its log lines to the caller');
    } finally {
      await dir.remove();
    }
  });

  it('fails to start with the server\'s reason, e.g. a data directory another server holds', async () => {
    const dir = await makeTempDir('em-thread-lock');
    try {
      const holder = await startEmbeddedMongoThread({ dbPath: dir.path, log: () => undefined });
      await assert.rejects(startEmbeddedMongoThread({ dbPath: dir.path, log: () => undefined }), /lock|in use|another/i);
      await holder.stop();
    } finally {
      await dir.remove();
    }
  });
});
