import assert from 'node:assert/strict';
import { once } from 'node:events';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Binary, type Document } from 'bson';
import { MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from '../server/embedded-server.js';
import { MessageFramer } from '../wire/message-framer.js';
import { encodeOpMsg, parseOpMsg } from '../wire/op-msg.js';
import { hmac, sha256 } from './scram-credential.js';

const user = { username: 'lattice', password: 'correct horse battery staple' };

/** The same server address, without credentials or with other ones. */
function uriAs(server: EmbeddedMongo, credentials: string): string {
  return `mongodb://${credentials}127.0.0.1:${server.port}/?authSource=admin`;
}

/** A bare OP_MSG client, to see exactly what the server answers at each step of the handshake. */
async function rawClient(port: number): Promise<{ command(doc: Document): Promise<Document>; close(): void }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const framer = new MessageFramer();
  const waiting: Array<(reply: Document) => void> = [];
  socket.on('data', (chunk: Buffer) => {
    for (const message of framer.push(chunk)) waiting.shift()?.(parseOpMsg(message).command);
  });
  let requestId = 0;
  return {
    command: (doc) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        socket.write(encodeOpMsg((requestId += 1), 0, doc));
      }),
    close: () => socket.destroy(),
  };
}

const text = (payload: Binary) => Buffer.from(payload.buffer.subarray(0, payload.position)).toString('utf8');

describe('authentication (SCRAM-SHA-256, as mongod)', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  const logs: string[] = [];

  before(async () => {
    server = await startEmbeddedMongo({ user, log: (line) => logs.push(line) });
    client = await MongoClient.connect(server.uri);
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  it('the uri carries the credentials, and the driver works through it as the user', async () => {
    assert.match(server.uri, /^mongodb:\/\/lattice:correct%20horse%20battery%20staple@127\.0\.0\.1:\d+\/\?authSource=admin$/);
    await client.db('auth').collection('c').insertOne({ _id: 1, stored: true } as Document);
    assert.equal((await client.db('auth').collection('c').findOne({ _id: 1 } as Document))?.stored, true);
    const status = await client.db('admin').command({ connectionStatus: 1 });
    assert.deepEqual(status.authInfo.authenticatedUsers, [{ user: 'lattice', db: 'admin' }]);
  });

  it('a driver without credentials gets code 13 Unauthorized for find, update and insert, and nothing is stored', async () => {
    const anonymous = await MongoClient.connect(`mongodb://127.0.0.1:${server.port}/`);
    try {
      const collection = anonymous.db('auth').collection('c');
      const refused = (command: string) => (error: unknown) =>
        error instanceof MongoServerError && error.code === 13 && error.codeName === 'Unauthorized' && error.message === `Command ${command} requires authentication`;
      await assert.rejects(collection.findOne({}), refused('find'));
      await assert.rejects(collection.updateOne({ _id: 1 } as Document, { $set: { role: 'owner' } }), refused('update'));
      await assert.rejects(collection.insertOne({ _id: 2 } as Document), refused('insert'));
      await assert.rejects(anonymous.db('admin').command({ listDatabases: 1 }), refused('listDatabases'));
      assert.equal((await anonymous.db('admin').command({ ping: 1 })).ok, 1);
      assert.equal((await anonymous.db('admin').command({ buildInfo: 1 })).version, '7.0.0');
    } finally {
      await anonymous.close();
    }
    const stored = await client.db('auth').collection('c').find({}).toArray();
    assert.deepEqual(stored, [{ _id: 1, stored: true }]);
  });

  it('a wrong password or an unknown user fails with 18 AuthenticationFailed, and the failure is logged', async () => {
    for (const credentials of ['lattice:wrong-password@', 'nobody:correct%20horse%20battery%20staple@']) {
      await assert.rejects(MongoClient.connect(uriAs(server, credentials), { serverSelectionTimeoutMS: 5_000 }), (error: unknown) => {
        const cause = error instanceof MongoServerError ? error : (error as { cause?: unknown }).cause;
        return cause instanceof MongoServerError && cause.code === 18 && cause.codeName === 'AuthenticationFailed' && cause.message === 'Authentication failed.';
      });
    }
    assert.ok(logs.some((line) => /authentication failed for lattice@admin from 127\.0\.0\.1/.test(line)), logs.join('\n'));
    assert.ok(logs.some((line) => /authentication failed for nobody@admin .*no such user/.test(line)), logs.join('\n'));
  });

  it('the user is defined in admin: authenticating against another database fails as on mongod', async () => {
    await assert.rejects(
      MongoClient.connect(`mongodb://lattice:${encodeURIComponent(user.password)}@127.0.0.1:${server.port}/?authSource=documents`),
      (error: unknown) => (error instanceof MongoServerError ? error : (error as { cause?: unknown }).cause) instanceof MongoServerError,
    );
  });

  it('SCRAM over the wire: speculative start in hello, saslContinue, the server signature, then commands', async () => {
    const raw = await rawClient(server.port);
    try {
      assert.equal((await raw.command({ find: 'c', $db: 'auth' })).code, 13);
      const clientNonce = randomBytes(24).toString('base64');
      const clientFirstBare = `n=lattice,r=${clientNonce}`;
      const hello = await raw.command({
        hello: 1,
        saslSupportedMechs: 'admin.lattice',
        speculativeAuthenticate: { saslStart: 1, mechanism: 'SCRAM-SHA-256', payload: new Binary(Buffer.from(`n,,${clientFirstBare}`)), db: 'admin' },
        $db: 'admin',
      });
      assert.deepEqual(hello.saslSupportedMechs, ['SCRAM-SHA-256']);
      const serverFirst = text(hello.speculativeAuthenticate.payload as Binary);
      const [, nonce, salt, iterations] = /^r=([^,]+),s=([^,]+),i=(\d+)$/.exec(serverFirst) ?? [];
      assert.ok(nonce?.startsWith(clientNonce), serverFirst);
      assert.equal(iterations, '15000');
      const saltedPassword = pbkdf2Sync(user.password, Buffer.from(salt!, 'base64'), Number(iterations), 32, 'sha256');
      const clientKey = hmac(saltedPassword, 'Client Key');
      const withoutProof = `c=biws,r=${nonce}`;
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const signature = hmac(sha256(clientKey), authMessage);
      const proof = Buffer.from(clientKey.map((byte, i) => byte ^ signature[i]!));

      const wrong = await raw.command({ saslContinue: 1, conversationId: hello.speculativeAuthenticate.conversationId, payload: new Binary(Buffer.from(`${withoutProof},p=${randomBytes(32).toString('base64')}`)), $db: 'admin' });
      assert.deepEqual([wrong.code, wrong.codeName, wrong.errmsg], [18, 'AuthenticationFailed', 'Authentication failed.']);
      const late = await raw.command({ saslContinue: 1, conversationId: hello.speculativeAuthenticate.conversationId, payload: new Binary(Buffer.from(`${withoutProof},p=${proof.toString('base64')}`)), $db: 'admin' });
      assert.deepEqual([late.code, late.codeName], [17, 'ProtocolError'], 'a conversation ends at its first saslContinue, so the right proof is too late');
      assert.equal((await raw.command({ find: 'c', $db: 'auth' })).code, 13);
      const again = await raw.command({ saslStart: 1, mechanism: 'SCRAM-SHA-256', payload: new Binary(Buffer.from(`n,,${clientFirstBare}`)), $db: 'admin' });
      const serverFirstAgain = text(again.payload as Binary);
      const [, nonceAgain, saltAgain] = /^r=([^,]+),s=([^,]+),i=(\d+)$/.exec(serverFirstAgain) ?? [];
      assert.equal(saltAgain, salt, 'one user, one salt');
      const withoutProofAgain = `c=biws,r=${nonceAgain}`;
      const authMessageAgain = `${clientFirstBare},${serverFirstAgain},${withoutProofAgain}`;
      const signatureAgain = hmac(sha256(clientKey), authMessageAgain);
      const proofAgain = Buffer.from(clientKey.map((byte, i) => byte ^ signatureAgain[i]!));
      assert.notDeepEqual(proofAgain, proof, 'each conversation has its own nonce');
      const final = await raw.command({ saslContinue: 1, conversationId: again.conversationId, payload: new Binary(Buffer.from(`${withoutProofAgain},p=${proofAgain.toString('base64')}`)), $db: 'admin' });
      assert.equal(final.ok, 1, JSON.stringify(final));
      assert.equal(final.done, true);
      assert.equal(text(final.payload as Binary), `v=${hmac(hmac(saltedPassword, 'Server Key'), authMessageAgain).toString('base64')}`);
      assert.equal((await raw.command({ find: 'c', filter: { _id: 1 }, $db: 'auth' })).ok, 1);
    } finally {
      raw.close();
    }
  });

  it('other mechanisms are refused as mongod refuses a mechanism it does not enable', async () => {
    const raw = await rawClient(server.port);
    try {
      const reply = await raw.command({ saslStart: 1, mechanism: 'SCRAM-SHA-1', payload: new Binary(Buffer.from('n,,n=lattice,r=abc')), $db: 'admin' });
      assert.deepEqual([reply.code, reply.codeName], [334, 'MechanismUnavailable']);
    } finally {
      raw.close();
    }
  });
});

describe('authentication details', () => {
  it('passwords are saslprepped as the driver does: a soft hyphen maps to nothing', async () => {
    const server = await startEmbeddedMongo({ user: { username: 'u', password: 'I\u00ADX' }, log: () => undefined });
    try {
      const client = await MongoClient.connect(`mongodb://u:IX@127.0.0.1:${server.port}/?authSource=admin`);
      assert.equal((await client.db('x').command({ connectionStatus: 1 })).authInfo.authenticatedUsers[0].user, 'u');
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('without a user given, the server makes a random one that only its uri carries', async () => {
    const first = await startEmbeddedMongo({ log: () => undefined });
    const second = await startEmbeddedMongo({ log: () => undefined });
    try {
      assert.notEqual(new URL(first.uri).password, new URL(second.uri).password);
      assert.ok(new URL(first.uri).password.length >= 24);
      const client = await MongoClient.connect(first.uri);
      assert.equal((await client.db('x').command({ ping: 1 })).ok, 1);
      await client.db('x').collection('c').insertOne({ a: 1 });
      await client.close();
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
