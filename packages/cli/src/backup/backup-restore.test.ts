import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, loadCoreModels } from '@lattice/plugin-core';
import { logIn } from '@lattice/platform/test-kit';
import type { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { backup } from '../commands/backup.js';
import { restore } from '../commands/restore.js';
import { loadConfigs } from '../config/load-configs.js';
import { runPlatform } from '../platform/run-platform.js';
import { backupDatabases } from './backup-databases.js';
import { withDeploymentClient } from './with-deployment-client.js';

const { Binary, Decimal128, EJSON, Int32, Long, ObjectId } = mongoose.mongo.BSON;
const owner = { email: 'owner@backup.test', password: 'correct horse battery staple' };
let workDir: string;
let configFile: string;
let dataDir: string;

/** Every document of every collection of the databases, as canonical Extended JSON keyed by database.collection. */
async function snapshot(client: MongoClient, databases: string[]): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  for (const name of databases) {
    const db = client.db(name);
    for (const { name: collection } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      const documents = await db.collection(collection).find({}, { promoteValues: false }).toArray();
      all.set(`${name}.${collection}`, documents.map((document) => EJSON.stringify(document, { relaxed: false })).sort());
    }
  }
  return all;
}

const documentCount = (shot: Map<string, string[]>) => [...shot.values()].reduce((sum, documents) => sum + documents.length, 0);

async function graphql(url: string, query: string, cookie: string) {
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query }) });
  return (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('expected the restore to be refused');
}

before(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'lattice-backup-'));
  dataDir = join(workDir, 'data');
  configFile = join(workDir, 'configs.json');
  const repoConfigs = JSON.parse(await readFile(new URL('../../../../configs.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  // The npm-start configs.json with the plugins whose data the test seeds, logs under its own db_name as shipped.
  const { elasticsearch: _search, essyncer: _syncer, dashboard: _dashboard, ...rest } = repoConfigs;
  const plugins = [{ name: 'documents', ui: 'local' }, { name: 'contacts', ui: 'local' }, { name: 'inbox', ui: 'local' }, { name: 'logs', db_name: 'lattice_logs' }];
  await writeFile(configFile, JSON.stringify({ ...rest, plugins }, null, 2));
  process.env.LATTICE_OWNER_EMAIL = owner.email;
  process.env.LATTICE_OWNER_PASSWORD = owner.password;
});
after(async () => {
  delete process.env.LATTICE_OWNER_EMAIL;
  delete process.env.LATTICE_OWNER_PASSWORD;
  await rm(workDir, { recursive: true, force: true });
});

describe('lattice backup and restore (embedded database)', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: this test backs up the embedded database' : false }, () => {
  it('backup → wipe → restore gives back every document, conversation and user with identical ids and types; refuses a non-empty database and a damaged file first', { timeout: 600_000 }, async () => {
    const configs = await loadConfigs(configFile);
    const databases = await backupDatabases(configFile, configs);
    assert.deepEqual(databases, ['core', 'documents', 'contacts', 'inbox', 'lattice_logs']);

    const conversationId = new ObjectId();
    const conversationCreatedAt = new Date('2026-01-02T03:04:05.678Z');
    const lattice = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    try {
      const cookie = await logIn(`${lattice.gatewayUrl}/graphql`, owner);
      for (const name of ['first kept', 'second kept']) {
        const added = await graphql(lattice.gatewayUrl, `mutation { documentsAdd(name: "${name}") { _id } }`, cookie);
        assert.equal(added.errors, undefined, JSON.stringify(added.errors));
      }
      const client = new mongoose.mongo.MongoClient(lattice.mongoUrl);
      try {
        const core = mongoose.createConnection(lattice.mongoUrl, { dbName: 'core' });
        await core.asPromise();
        await createUser(loadCoreModels(core), { email: 'member@backup.test', password: 'another long password', name: 'Member', role: 'member' });
        await core.close();
        await client.db('inbox').collection('conversations').insertOne({
          _id: conversationId,
          integrationId: 'backup-test',
          customerId: 'customer-1',
          content: 'kept across a restore',
          status: 'open',
          createdAt: conversationCreatedAt,
          updatedAt: conversationCreatedAt,
        });
        // Types JSON would lose or merge: they must come back as themselves, not as numbers or strings.
        await client.db('documents').collection<{ _id: string; [field: string]: unknown }>('bson_types').insertOne({
          _id: 'types',
          int32: new Int32(7),
          int64: Long.fromString('9007199254740993'),
          double: 7.5,
          decimal: Decimal128.fromString('0.1'),
          binary: new Binary(Buffer.from([0, 1, 2, 255])),
        });
      } finally {
        await client.close();
      }
    } finally {
      await lattice.stop();
    }
    // Taken once the platform stopped: nothing it records afterwards (activity) can be missing from the comparison.
    const before = await withDeploymentClient(configs, dataDir, (client) => snapshot(client, databases));
    assert.equal(before.get('documents.documents')?.length, 2);
    assert.equal(before.get('core.users')?.length, 2);
    assert.equal(before.get('inbox.conversations')?.length, 1);

    const backupDir = join(workDir, 'backup');
    await backup({ config: configFile, dataDir, out: backupDir });
    const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as { databases: Array<{ name: string; collections: Array<{ name: string; count: number }> }> };
    assert.equal(manifest.databases.find((database) => database.name === 'core')?.collections.find((collection) => collection.name === 'users')?.count, 2);

    // The wipe: the embedded database's files are gone (the generated database user is kept beside them).
    await rm(join(dataDir, 'mongo'), { recursive: true, force: true });

    const damagedDir = join(workDir, 'damaged');
    await cp(backupDir, damagedDir, { recursive: true });
    const usersFile = join(damagedDir, 'core', 'users.ndjson');
    await writeFile(usersFile, (await readFile(usersFile, 'utf8')).replace('backup.test', 'backup.tesT'));
    const damaged = await refusal(restore({ config: configFile, dataDir, from: damagedDir }));
    assert.match(damaged, /core\/users\.ndjson does not match its checksum/);
    assert.equal(documentCount(await withDeploymentClient(configs, dataDir, (client) => snapshot(client, databases))), 0, 'a damaged backup writes nothing');

    const strayId = new ObjectId();
    await withDeploymentClient(configs, dataDir, (client) => client.db('documents').collection('documents').insertOne({ _id: strayId, name: 'written after the wipe' }));
    const occupied = await refusal(restore({ config: configFile, dataDir, from: backupDir }));
    assert.match(occupied, /database documents: collection documents is not empty/);
    const afterRefusal = await withDeploymentClient(configs, dataDir, (client) => snapshot(client, databases));
    assert.equal(documentCount(afterRefusal), 1, 'a refused restore writes nothing');

    await restore({ config: configFile, dataDir, from: backupDir, drop: true });
    const restored = await withDeploymentClient(configs, dataDir, async (client) => {
      const conversation = await client.db('inbox').collection('conversations').findOne({ _id: conversationId });
      assert.ok(conversation?._id instanceof ObjectId, 'the conversation id is an ObjectId again');
      assert.ok(conversation.createdAt instanceof Date && conversation.createdAt.getTime() === conversationCreatedAt.getTime(), 'createdAt is a Date again');
      const types = await client.db('documents').collection<{ _id: string; [field: string]: unknown }>('bson_types').findOne({ _id: 'types' }, { promoteValues: false });
      assert.ok(types?.int32 instanceof Int32 && types.int64 instanceof Long && types.decimal instanceof Decimal128 && types.binary instanceof Binary, JSON.stringify(types));
      assert.equal(String(types.int64), '9007199254740993');
      const indexes = await client.db('inbox').collection('conversations').listIndexes().toArray();
      assert.ok(indexes.some((index) => JSON.stringify(index.key) === JSON.stringify({ customerId: 1, updatedAt: -1 })), 'the indexes are back');
      return snapshot(client, databases);
    });
    assert.deepEqual(restored, before);

    const again = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
    try {
      const cookie = await logIn(`${again.gatewayUrl}/graphql`, owner);
      const listed = await graphql(again.gatewayUrl, '{ documents { _id name } }', cookie);
      const ids = (before.get('documents.documents') ?? []).map((text) => String((EJSON.parse(text) as { _id: unknown })._id));
      assert.deepEqual(
        ((listed.data?.documents ?? []) as Array<{ _id: string }>).map((document) => document._id).sort(),
        ids.sort(),
        JSON.stringify(listed),
      );
    } finally {
      await again.stop();
    }
  });
});
