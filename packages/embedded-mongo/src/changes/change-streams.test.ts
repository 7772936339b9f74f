import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type ChangeStreamDocument, type Document, MongoClient, type ResumeToken } from 'mongodb';
import { startEmbeddedMongo } from '../server/embedded-server.js';
import { makeTempDir } from '../test-support/test-server.js';

/** Reads the next `n` events of a stream, failing after 10 s instead of hanging. */
async function take(stream: { next(): Promise<ChangeStreamDocument> }, n: number): Promise<ChangeStreamDocument[]> {
  const events: ChangeStreamDocument[] = [];
  const deadline = setTimeout(() => undefined, 10_000);
  try {
    while (events.length < n) {
      events.push(
        await Promise.race([
          stream.next(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`only ${events.length} of ${n} events within 10 s`)), 10_000).unref()),
        ]),
      );
    }
  } finally {
    clearTimeout(deadline);
  }
  return events;
}

describe('change streams through the mongodb driver', () => {
  let dir: Awaited<ReturnType<typeof makeTempDir>>;
  before(async () => {
    dir = await makeTempDir('change-streams');
  });
  after(async () => {
    await dir.remove();
  });

  it('reports insert, update, replace and delete with their documents', async () => {
    const server = await startEmbeddedMongo({ log: () => undefined });
    const client = await MongoClient.connect(server.uri);
    try {
      const notes = client.db('cs').collection<Document>('notes');
      const stream = notes.watch([], { fullDocument: 'updateLookup' });
      await stream.tryNext(); // the aggregate has run: the stream starts here
      await notes.insertOne({ _id: 1 as never, title: 'first', tags: ['a'] });
      await notes.updateOne({ _id: 1 as never }, { $set: { title: 'renamed' }, $unset: { tags: '' } });
      await notes.replaceOne({ _id: 1 as never }, { title: 'replaced' });
      await notes.deleteOne({ _id: 1 as never });
      await client.db('cs').collection('other').insertOne({ x: 1 });
      const [insert, update, replace, remove] = await take(stream, 4);
      assert.equal(insert?.operationType, 'insert');
      assert.deepEqual(insert?.operationType === 'insert' && insert.fullDocument, { _id: 1, title: 'first', tags: ['a'] });
      assert.deepEqual(insert?.operationType === 'insert' && insert.ns, { db: 'cs', coll: 'notes' });
      assert.equal(update?.operationType, 'update');
      if (update?.operationType !== 'update') return;
      assert.deepEqual(update.updateDescription.updatedFields, { title: 'renamed' });
      assert.deepEqual(update.updateDescription.removedFields, ['tags']);
      // updateLookup reads the document as it is when the event is read: by then it was replaced and deleted.
      assert.equal(update.fullDocument, null);
      assert.equal(replace?.operationType, 'replace');
      assert.deepEqual(replace?.operationType === 'replace' && replace.fullDocument, { _id: 1, title: 'replaced' });
      assert.equal(remove?.operationType, 'delete');
      assert.deepEqual(remove?.operationType === 'delete' && remove.documentKey, { _id: 1 });
      await stream.close();
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('updateLookup returns the current document of an update', async () => {
    const server = await startEmbeddedMongo({ log: () => undefined });
    const client = await MongoClient.connect(server.uri);
    try {
      const notes = client.db('cs').collection<Document>('notes');
      await notes.insertOne({ _id: 7 as never, title: 'x', n: 1 });
      const stream = notes.watch([{ $match: { operationType: 'update' } }], { fullDocument: 'updateLookup' });
      await stream.tryNext();
      await notes.updateOne({ _id: 7 as never }, { $inc: { n: 1 } });
      const [event] = await take(stream, 1);
      assert.deepEqual(event?.operationType === 'update' && event.fullDocument, { _id: 7, title: 'x', n: 2 });
      await stream.close();
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('resumes after a restart from a stored token, missing and repeating nothing', async () => {
    const path = `${dir.path}/resume`;
    let server = await startEmbeddedMongo({ dbPath: path, log: () => undefined });
    let client = await MongoClient.connect(server.uri);
    let token: ResumeToken;
    try {
      const items = client.db('cs').collection<Document>('items');
      const stream = items.watch();
      await stream.tryNext();
      await items.insertMany([{ _id: 1 as never }, { _id: 2 as never }, { _id: 3 as never }]);
      const seen = await take(stream, 2);
      assert.deepEqual(seen.map((e) => e.operationType === 'insert' && e.documentKey._id), [1, 2]);
      token = seen[1]!._id;
      await stream.close();
      await items.insertOne({ _id: 4 as never });
    } finally {
      await client.close();
      await server.stop();
    }
    server = await startEmbeddedMongo({ dbPath: path, log: () => undefined });
    client = await MongoClient.connect(server.uri);
    try {
      const items = client.db('cs').collection<Document>('items');
      const stream = items.watch([], { resumeAfter: token });
      await items.insertOne({ _id: 5 as never });
      const events = await take(stream, 3);
      assert.deepEqual(events.map((e) => e.operationType === 'insert' && e.documentKey._id), [3, 4, 5]);
      await stream.close();
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('refuses a token it does not hold (ChangeStreamHistoryLost)', async () => {
    const server = await startEmbeddedMongo({ log: () => undefined });
    const client = await MongoClient.connect(server.uri);
    try {
      const stream = client.db('cs').collection('x').watch([], { resumeAfter: { _data: 'ffffffffffffffff0000000000000001' } });
      await assert.rejects(stream.tryNext(), (error: { code?: number }) => error.code === 286);
      await stream.close();
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('a drop ends a collection stream with invalidate', async () => {
    const server = await startEmbeddedMongo({ log: () => undefined });
    const client = await MongoClient.connect(server.uri);
    try {
      const gone = client.db('cs').collection<Document>('gone');
      await gone.insertOne({ a: 1 });
      const stream = gone.watch();
      await stream.tryNext();
      await gone.drop();
      const events = await take(stream, 2);
      assert.deepEqual(events.map((e) => e.operationType), ['drop', 'invalidate']);
      await stream.close();
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
