import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { INDEX_PREFIX, createSearchClient, type SearchClient } from '@lattice/search';
import { type Document, MongoClient } from 'mongodb';
import { freePort, startRole, withMongoPassword, type RoleProcess } from '../test-kit/index.js';

/** The index of the documents plugin's declaration (type `document`, its name searched). */
const index = `${INDEX_PREFIX}documents-document`;

/** Polls `read` until `holds`, failing with its last answer after `ms`. */
async function eventually<T>(what: string, read: () => Promise<T>, holds: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await read().catch((error: unknown) => error as T);
  while (!holds(last)) {
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(last)?.slice(0, 500)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read().catch((error: unknown) => error as T);
  }
  return last;
}

/**
 * `lattice search-engine` and `lattice essyncer` as the services set-up runs them, each its own process beside
 * `lattice db`, both killed (SIGKILL, no goodbye) in the middle of a burst of changes and started again.
 */
describe('lattice search-engine and lattice essyncer as processes', { timeout: 600_000 }, () => {
  let dir: string;
  let configFile: string;
  let db: RoleProcess;
  let engine: RoleProcess;
  let essyncer: RoleProcess;
  let mongo: MongoClient;
  let search: SearchClient;
  let mongoUrl: string;
  let enginePort: number;
  const startEngine = () => startRole('search-engine', ['search-engine', '--data-dir', dir, '--port', String(enginePort)], {});
  const startEssyncer = async () => startRole('essyncer', ['essyncer', '--config', configFile, '--port', String(await freePort())], { MONGO_URL: mongoUrl, ELASTICSEARCH_URL: `http://127.0.0.1:${enginePort}` });

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lattice-search-processes-'));
    configFile = join(dir, 'configs.json');
    const credentials = { username: 'lattice', password: randomBytes(18).toString('base64url') };
    await writeFile(
      configFile,
      JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [{ name: 'documents' }], elasticsearch: {}, essyncer: {}, mongo: credentials }),
    );
    db = await startRole('db', ['db', '--port', '0', '--config', configFile, '--data-dir', dir], {});
    mongoUrl = withMongoPassword(db.urlOf('MongoDB'), credentials.password);
    enginePort = await freePort();
    engine = await startEngine();
    essyncer = await startEssyncer();
    mongo = await MongoClient.connect(mongoUrl);
    search = createSearchClient(engine.urlOf('Search'));
  });
  after(async () => {
    await search?.close();
    await mongo?.close();
    await Promise.all([essyncer?.stop('SIGKILL'), engine?.stop('SIGKILL'), db?.stop('SIGKILL')]);
    await rm(dir, { recursive: true, force: true });
  });

  it('both killed during a burst of 1,001 changes and started again: the index and the collection agree exactly', async () => {
    const documents = mongo.db('documents').collection<Document>('documents');
    await eventually('the essyncer to create the index', () => search.indexExists(index), (exists) => exists === true, 60_000);
    // 652 inserts, 218 renames, 131 removals, from four writers at once.
    let burstOver = false;
    const burst = Promise.all(
      [0, 1, 2, 3].map(async (writer) => {
        for (let i = writer; i < 652; i += 4) {
          await documents.insertOne({ _id: `p${i}` as never, name: `burst note ${i}` });
          if (i % 3 === 0) await documents.updateOne({ _id: `p${i}` as never }, { $set: { name: `renamed note ${i}` } });
          if (i % 5 === 0) await documents.deleteOne({ _id: `p${i}` as never });
        }
      }),
    ).then(() => {
      burstOver = true;
    });
    await eventually('part of the burst indexed', () => search.count(index), (count) => typeof count === 'number' && count > 50, 60_000);
    await Promise.all([essyncer.stop('SIGKILL'), engine.stop('SIGKILL')]);
    const killedDuringBurst = !burstOver;
    engine = await startEngine();
    essyncer = await startEssyncer();
    await burst;
    const expected = (await documents.find({}, { projection: { _id: 1 } }).toArray()).map((doc) => String(doc._id)).sort();
    assert.equal(expected.length, 652 - 131);
    assert.ok(killedDuringBurst, 'the kill happened during the burst');
    const ids = await eventually('the index to equal the collection', async () => (await search.ids(index)).sort(), (found) => Array.isArray(found) && found.join() === expected.join(), 120_000);
    assert.equal(ids.length, expected.length);
    assert.equal(await search.count(index), expected.length);
    assert.equal((await search.getDocument(index, 'p3'))?.name, 'renamed note 3', 'a rename is applied');
    assert.equal(await search.getDocument(index, 'p5'), undefined, 'a removal is applied');
  });
});
