import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { type EmbeddedMongo, startEmbeddedMongo } from './embedded-server.js';

/** configureFailPoint exists only with enableTestCommands, as in mongod; failCommand fails the named commands n times. */
describe('the failCommand fail point (a test hook)', () => {
  let plain: EmbeddedMongo;
  let testing: EmbeddedMongo;
  before(async () => {
    plain = await startEmbeddedMongo({ log: () => undefined });
    testing = await startEmbeddedMongo({ log: () => undefined, enableTestCommands: true });
  });
  after(async () => {
    await plain.stop();
    await testing.stop();
  });

  it('is no command of a server started without enableTestCommands (59)', async () => {
    const client = await MongoClient.connect(plain.uri);
    try {
      await assert.rejects(client.db('admin').command({ configureFailPoint: 'failCommand', mode: { times: 1 }, data: { failCommands: ['insert'], errorCode: 8 } }), (error: { code?: number }) => error.code === 59);
      await client.db('t').collection('c').insertOne({ _id: 1 } as never);
    } finally {
      await client.close();
    }
  });

  it('fails the named command the given number of times, then lets it through', async () => {
    const client = await MongoClient.connect(testing.uri);
    try {
      await client.db('admin').command({ configureFailPoint: 'failCommand', mode: { times: 1 }, data: { failCommands: ['insert'], errorCode: 8 } });
      const c = client.db('t').collection<{ _id: number }>('c');
      await assert.rejects(c.insertOne({ _id: 1 }), (error: { code?: number }) => error.code === 8);
      await c.insertOne({ _id: 2 });
      assert.deepEqual(await c.find().toArray(), [{ _id: 2 }]);
    } finally {
      await client.close();
    }
  });
});
