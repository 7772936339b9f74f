import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmbeddedMongo, type EmbeddedMongo } from '@lattice/embedded-mongo';
import type { SearchDeclaration } from '@lattice/plugin-sdk';
import { startSearchEngine, type RunningSearchEngine } from '@lattice/search-engine';
import { type Document, MongoClient } from 'mongodb';
import { createSearchClient, type SearchClient } from '../client/search-client.js';
import { type DeclaredSearch, indexName } from '../layout/index-layout.js';
import { startEssyncer } from './start-essyncer.js';

const quiet = { info: () => undefined, error: (line: string) => console.error(line) };
const notes: SearchDeclaration = { type: 'note', collection: 'notes', fields: { title: 2, body: 1 }, title: ['title'], permission: 'notes:showNotes', url: '/notes/?note={_id}' };

/** Polls `check` until it holds, failing with its last answer after `ms`. */
async function eventually<T>(what: string, read: () => Promise<T>, holds: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await read();
  while (!holds(last)) {
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(last)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

async function titlesFound(search: SearchClient, index: string, word: string): Promise<string[]> {
  const found = await search.search(index, { query: { multi_match: { query: word, fields: ['title', 'body'] } }, size: 100 }).catch(() => ({ hits: [] }));
  return found.hits.map((hit) => hit.id).sort();
}

describe('essyncer', () => {
  let dir: string;
  let mongo: EmbeddedMongo;
  let engine: RunningSearchEngine;
  let client: MongoClient;
  let search: SearchClient;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'essyncer-'));
    mongo = await startEmbeddedMongo({ dbPath: join(dir, 'mongo'), log: () => undefined });
    engine = await startSearchEngine({ dataDir: join(dir, 'search'), log: () => undefined });
    client = await MongoClient.connect(mongo.uri);
    search = createSearchClient(engine.url);
  });
  after(async () => {
    await search?.close();
    await client?.close();
    await engine?.stop();
    await mongo?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads what exists, then follows inserts, renames and removals within 2 s each', async () => {
    const declared: DeclaredSearch = { plugin: 'follow', dbName: 'sync_follow', declaration: notes };
    const collection = client.db('sync_follow').collection<Document>('notes');
    await collection.insertOne({ _id: 'old' as never, title: 'Existing invoice', body: 'from before' });
    const essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [declared], log: quiet });
    try {
      const index = indexName(declared);
      await eventually('the initial load', () => titlesFound(search, index, 'invoice'), (ids) => ids.join() === 'old');
      await collection.insertOne({ _id: 'n1' as never, title: 'Zebra crossing', body: 'stripes' });
      let started = Date.now();
      await eventually('an insert', () => titlesFound(search, index, 'zebra'), (ids) => ids.join() === 'n1', 2000);
      const insertMs = Date.now() - started;
      await collection.updateOne({ _id: 'n1' as never }, { $set: { title: 'Giraffe crossing' } });
      started = Date.now();
      await eventually('a rename: the new word', () => titlesFound(search, index, 'giraffe'), (ids) => ids.join() === 'n1', 2000);
      assert.deepEqual(await titlesFound(search, index, 'zebra'), [], 'the old word no longer finds it');
      await collection.deleteOne({ _id: 'n1' as never });
      await eventually('a removal', () => titlesFound(search, index, 'giraffe'), (ids) => ids.length === 0, 2000);
      assert.ok(insertMs < 2000 && Date.now() - started < 4000);
      const record = await search.getDocument(index, 'old');
      assert.equal(record?.lattice_title, 'Existing invoice');
      assert.equal(record?.lattice_url, '/notes/?note=old');
    } finally {
      await essyncer.stop();
    }
  });

  it('a restart during a burst of 1,000 changes leaves index and collection equal (count and ids)', async () => {
    const declared: DeclaredSearch = { plugin: 'burst', dbName: 'sync_burst', declaration: notes };
    const collection = client.db('sync_burst').collection<Document>('notes');
    const index = indexName(declared);
    let essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [declared], log: quiet });
    await eventually('the empty index', () => search.indexExists(index), (exists) => exists);
    // 1,001 changes: 652 inserts, 218 renames of some, 131 removals of others, from four writers at once.
    const burst = (async () => {
      const writers = [0, 1, 2, 3].map(async (writer) => {
        for (let i = writer; i < 652; i += 4) {
          await collection.insertOne({ _id: `d${i}` as never, title: `note ${i}`, body: 'burst' });
          if (i % 3 === 0) await collection.updateOne({ _id: `d${i}` as never }, { $set: { title: `renamed ${i}` } });
          if (i % 5 === 0) await collection.deleteOne({ _id: `d${i}` as never });
        }
      });
      await Promise.all(writers);
    })();
    await eventually('part of the burst indexed', () => search.count(index), (count) => count > 50);
    await essyncer.stop();
    const stoppedAt = await collection.countDocuments();
    essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [declared], log: quiet });
    try {
      await burst;
      const expected = (await collection.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id)).sort();
      assert.equal(expected.length, 652 - 131, 'the burst made 652 inserts, 218 renames and 131 removals');
      assert.ok(stoppedAt < 652, `the restart happened during the burst (${stoppedAt} documents then)`);
      const ids = await eventually('the index to equal the collection', async () => (await search.ids(index)).sort(), (found) => found.join() === expected.join(), 20_000);
      assert.equal(ids.length, expected.length);
      assert.equal(await search.count(index), expected.length);
      const renamed = await search.getDocument(index, 'd3');
      assert.equal(renamed?.title, 'renamed 3', 'an update made while it was stopped is applied');
    } finally {
      await essyncer.stop();
    }
  });

  it('rebuilds an index whose declaration changed', async () => {
    const before: DeclaredSearch = { plugin: 'change', dbName: 'sync_change', declaration: notes };
    const collection = client.db('sync_change').collection<Document>('notes');
    await collection.insertOne({ _id: 'a' as never, title: 'Alpha', body: 'kangaroo' });
    let essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [before], log: quiet });
    const index = indexName(before);
    await eventually('loaded', () => titlesFound(search, index, 'kangaroo'), (ids) => ids.join() === 'a');
    await essyncer.stop();
    const changed: DeclaredSearch = { ...before, declaration: { ...notes, fields: { title: 1 } } };
    essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [changed], log: quiet });
    try {
      // The rebuild empties the index before it loads again, so wait for both: the title back, the body gone.
      const found = async () => ({ body: await titlesFound(search, index, 'kangaroo'), title: await titlesFound(search, index, 'alpha') });
      const rebuilt = await eventually('rebuilt without the body', found, ({ body, title }) => body.length === 0 && title.length > 0);
      assert.deepEqual(rebuilt, { body: [], title: ['a'] });
    } finally {
      await essyncer.stop();
    }
  });
});
