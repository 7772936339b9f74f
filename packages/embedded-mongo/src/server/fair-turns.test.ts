import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded-server.js';
import { FairTurns } from './fair-turns.js';

describe('FairTurns', () => {
  it('serves clients in rotation: a client that asks after another queued ten waits behind one of them', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const runs: Array<Promise<void>> = [];
    const ask = (client: string, label: string) => runs.push(turns.take(client).then(() => void order.push(label)));
    for (let index = 0; index < 10; index += 1) ask('busy', `busy ${index}`);
    ask('quick', 'quick');
    await Promise.all(runs);
    assert.deepEqual(order.slice(0, 3), ['busy 0', 'busy 1', 'quick']);
    assert.equal(order.length, 11);
  });

  it('keeps each client in its own order', async () => {
    const turns = new FairTurns();
    const order: string[] = [];
    const runs = ['a1', 'b1', 'a2', 'b2', 'a3'].map((label) => turns.take(label[0]!).then(() => void order.push(label)));
    await Promise.all(runs);
    assert.deepEqual(order.filter((label) => label.startsWith('a')), ['a1', 'a2', 'a3']);
    assert.deepEqual(order.filter((label) => label.startsWith('b')), ['b1', 'b2']);
  });
});

describe('the embedded server takes clients in turns', { timeout: 120_000 }, () => {
  let server: EmbeddedMongo;
  let busy: MongoClient;
  let quick: MongoClient;

  before(async () => {
    server = await startEmbeddedMongo({ log: () => {} });
    busy = await MongoClient.connect(server.uri, { appName: 'busy-plugin', minPoolSize: 50, maxPoolSize: 50 });
    quick = await MongoClient.connect(server.uri, { appName: 'quick-plugin' });
    const documents = Array.from({ length: 2_000 }, (_, index) => ({ name: `document ${(index * 7919) % 2_000}`, index }));
    await busy.db('t').collection('documents').insertMany(documents);
    // Fifty open connections, so the fifty queries below reach the server at once instead of queueing in the driver.
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(Array.from({ length: 50 }, () => busy.db('t').command({ ping: 1 })));
    }
  });
  after(async () => {
    await busy?.close();
    await quick?.close();
    await server?.stop();
  });

  it("answers one application's query behind a few of another's 50 pooled queries, not behind all of them", async () => {
    const order: string[] = [];
    const collection = busy.db('t').collection('documents');
    let firstBusyAnswered!: () => void;
    const firstBusy = new Promise<void>((resolve) => (firstBusyAnswered = resolve));
    const heavy = Array.from({ length: 50 }, () =>
      collection
        .find({ index: { $gte: 0 } })
        .sort({ name: -1 })
        .batchSize(2_000)
        .toArray()
        .then((found) => {
          assert.equal(found.length, 2_000);
          order.push('busy');
          firstBusyAnswered();
        }),
    );
    await firstBusy;
    const light = quick.db('t').collection('documents').findOne({ index: 1 }).then(() => void order.push('quick'));
    await Promise.all([...heavy, light]);
    const busyBeforeQuick = order.indexOf('quick');
    assert.equal(order.length, 51);
    // Without turns 21–22 of them were answered first (every query that had reached the server); with turns,
    // those granted while the quick query was on its way: 4 here. Event-loop order, not time, so a busy
    // machine does not change it.
    assert.ok(busyBeforeQuick < 10, `${busyBeforeQuick} busy queries answered before the quick one`);
  });
});
