import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MongoClient, MongoServerError, type Document } from 'mongodb';
import { runPlatform, type RunningLattice } from '../platform/run-platform.js';
import { latticeCommand } from '../test-kit/role-process.js';
import { Tally } from './security-probe.js';

const baseConfigs = { jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins: [{ name: 'documents' }] };

function lattice(args: string[]): { child: ChildProcess; output: () => string } {
  const { command, args: argv } = latticeCommand(args);
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  return { child, output: () => printed };
}

/** Starts `lattice db` and resolves with the port it listens on once it printed its ready line. */
async function startDb(args: string[]): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const started = lattice(['db', '--port', '0', ...args]);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const port = /MongoDB\s+mongodb:\/\/[^@\s]+@127\.0\.0\.1:(\d+)\//.exec(started.output())?.[1];
    if (port) return { ...started, port: Number(port) };
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  started.child.kill('SIGKILL');
  throw new Error(`lattice db did not start:\n${started.output()}`);
}

const isError = (code: number, codeName: string) => (error: unknown) => {
  const server = error instanceof MongoServerError ? error : (error as { cause?: unknown }).cause;
  return server instanceof MongoServerError && server.code === code && server.codeName === codeName;
};

/**
 * Issue 33, item 1: an anonymous client of the embedded database (`lattice db`, and the one `npm start` runs) is
 * refused every command but the handshake with MongoDB's code 13 and stores nothing; a wrong password fails with 18.
 */
describe('security: the embedded database asks for credentials', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: these tests are about the embedded database' : false }, () => {
  const tally = new Tally();
  let dir: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lattice-db-auth-'));
  });
  after(async () => {
    console.log(`# security (database): ${tally}, outages 0, lost records 0`);
    await rm(dir, { recursive: true, force: true });
  });

  /** An anonymous driver: find and update (and insert) answer 13, and none of them stored anything. */
  async function anonymousIsRefused(port: number, authenticatedUrl: string, db: string, collection: string): Promise<void> {
    const anonymous = await MongoClient.connect(`mongodb://127.0.0.1:${port}/`);
    try {
      const target = anonymous.db(db).collection(collection);
      await assert.rejects(target.find({}).toArray(), (error) => tally.record(isError(13, 'Unauthorized')(error)) && /Command find requires authentication/.test(String(error)));
      await assert.rejects(target.updateOne({ email: 'attacker@x.test' }, { $set: { role: 'owner' } }, { upsert: true }), (error) => tally.record(isError(13, 'Unauthorized')(error)));
      await assert.rejects(target.updateMany({}, { $set: { role: 'owner' } }), (error) => tally.record(isError(13, 'Unauthorized')(error)));
      await assert.rejects(target.insertOne({ email: 'attacker@x.test', role: 'owner' }), (error) => tally.record(isError(13, 'Unauthorized')(error)));
      await assert.rejects(anonymous.db('admin').command({ listDatabases: 1 }), (error) => tally.record(isError(13, 'Unauthorized')(error)));
    } finally {
      await anonymous.close();
    }
    const authenticated = await MongoClient.connect(authenticatedUrl);
    try {
      assert.equal(await authenticated.db(db).collection(collection).countDocuments({ role: 'owner' }), 0, 'nothing was stored');
      assert.equal(await authenticated.db(db).collection(collection).countDocuments({ email: 'attacker@x.test' }), 0, 'nothing was stored');
    } finally {
      await authenticated.close();
    }
  }

  it('lattice db: anonymous find and update answer 13 and store nothing; a wrong password answers 18; the right one works', async () => {
    const configFile = join(dir, 'with-user.json');
    const mongo = { username: 'lattice-admin', password: 'a long random password, 32 chars+' };
    await writeFile(configFile, JSON.stringify({ ...baseConfigs, mongo }));
    const db = await startDb(['--config', configFile, '--data-dir', join(dir, 'db')]);
    try {
      assert.match(db.output(), /mongodb:\/\/lattice-admin:\*\*\*@127\.0\.0\.1:\d+\/\?authSource=admin/);
      assert.doesNotMatch(db.output(), /a long random password/, 'the password is not printed');
      const url = `mongodb://lattice-admin:${encodeURIComponent(mongo.password)}@127.0.0.1:${db.port}/?authSource=admin`;
      const seeded = await MongoClient.connect(url);
      await seeded.db('core').collection('users').insertOne({ email: 'member@x.test', role: 'member' });
      await seeded.close();
      await anonymousIsRefused(db.port, url, 'core', 'users');
      await assert.rejects(
        MongoClient.connect(`mongodb://lattice-admin:wrong@127.0.0.1:${db.port}/?authSource=admin`, { serverSelectionTimeoutMS: 5_000 }),
        (error) => tally.record(isError(18, 'AuthenticationFailed')(error)),
      );
      const client = await MongoClient.connect(url);
      assert.deepEqual(await client.db('core').collection('users').find({}, { projection: { _id: 0 } }).toArray(), [{ email: 'member@x.test', role: 'member' }] as Document[]);
      await client.close();
    } finally {
      db.child.kill('SIGTERM');
      await once(db.child, 'exit');
    }
  });

  it('lattice db --host 0.0.0.0 without credentials configured refuses to start, saying why', async () => {
    const configFile = join(dir, 'placeholder.json');
    await writeFile(configFile, JSON.stringify({ ...baseConfigs, mongo: { username: 'lattice', password: '<DB_PASSWORD>' } }));
    const refused = lattice(['db', '--port', '0', '--host', '0.0.0.0', '--config', configFile, '--data-dir', join(dir, 'open')]);
    const [code] = (await once(refused.child, 'exit')) as [number | null];
    assert.ok(tally.record(code === 1), refused.output());
    assert.match(refused.output(), /lattice db --host 0\.0\.0\.0 would open the database beyond this machine with no credentials configured: set mongo\.username and mongo\.password/);
    assert.doesNotMatch(refused.output(), /is ready/);
  });

  it("npm start's database: anonymous find and update answer 13 and store nothing; the platform itself connects with the generated user", async () => {
    const configFile = join(dir, 'start.json');
    await writeFile(configFile, JSON.stringify({ ...baseConfigs, mongo: { username: 'lattice', password: '<DB_PASSWORD>' } }));
    const dataDir = join(dir, 'start');
    let platform: RunningLattice | undefined;
    try {
      platform = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
      const port = Number(new URL(platform.mongoUrl).port);
      const kept = await stat(join(dataDir, 'mongo-user.json'));
      assert.equal(kept.mode & 0o777, 0o600, 'the generated user is readable by its owner only');
      assert.ok(platform.serviceDescriptions.some((line) => /MongoDB\s+mongodb:\/\/lattice:\*\*\*@.*password: .*mongo-user\.json/.test(line)), platform.serviceDescriptions.join('\n'));
      await anonymousIsRefused(port, platform.mongoUrl, 'core', 'users');
      await assert.rejects(
        MongoClient.connect(`mongodb://lattice:wrong@127.0.0.1:${port}/?authSource=admin`, { serverSelectionTimeoutMS: 5_000 }),
        (error) => tally.record(isError(18, 'AuthenticationFailed')(error)),
      );
    } finally {
      await platform?.stop();
    }
  });
});
