import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongo } from './embedded-server.js';

/** Sends raw bytes and resolves with whatever the server answered once it closed the socket. */
async function sendAndAwaitClose(port: number, bytes: Buffer): Promise<{ closed: boolean; received: number }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.write(bytes);
  const closed = await Promise.race([
    once(socket, 'close').then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
  ]);
  socket.destroy();
  return { closed, received };
}

function header(length: number, opCode: number): Buffer {
  const buf = Buffer.alloc(16);
  buf.writeInt32LE(length, 0);
  buf.writeInt32LE(1, 4);
  buf.writeInt32LE(0, 8);
  buf.writeInt32LE(opCode, 12);
  return buf;
}

describe('bad input closes only the offending connection', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  const logs: string[] = [];

  before(async () => {
    server = await startEmbeddedMongo({ log: (line) => logs.push(line) });
    client = await MongoClient.connect(server.uri);
    await client.db('t').collection('c').insertOne({ alive: true });
  });
  after(async () => {
    await client.close();
    await server.stop();
  });

  const stillServing = async (): Promise<void> => {
    assert.equal((await client.db('t').collection('c').findOne({}))?.alive, true);
  };

  it('an oversized message (over 48 MB) is refused before it is buffered', async () => {
    const result = await sendAndAwaitClose(server.port, header(49 * 1024 * 1024, 2013));
    assert.deepEqual(result, { closed: true, received: 0 });
    assert.ok(logs.some((line) => /exceeds maxMessageSizeBytes/.test(line)), logs.join('\n'));
    await stillServing();
  });

  it('a message length smaller than a header closes the connection', async () => {
    const result = await sendAndAwaitClose(server.port, header(4, 2013));
    assert.equal(result.closed, true);
    assert.ok(logs.some((line) => /invalid message length 4/.test(line)));
    await stillServing();
  });

  it('malformed BSON inside an OP_MSG closes the connection', async () => {
    const body = Buffer.from([0, 0, 0, 0, 0, 20, 0, 0, 0, 0x02, 0x61, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0]);
    const message = Buffer.concat([header(16 + body.length, 2013), body]);
    message.writeInt32LE(message.length, 0);
    const result = await sendAndAwaitClose(server.port, message);
    assert.deepEqual(result, { closed: true, received: 0 });
    await stillServing();
  });

  it('a truncated section (document longer than its message) closes the connection', async () => {
    const body = Buffer.from([0, 0, 0, 0, 0, 0x00, 0x10, 0, 0, 0x10]);
    const message = Buffer.concat([header(16 + body.length, 2013), body]);
    const result = await sendAndAwaitClose(server.port, message);
    assert.deepEqual(result, { closed: true, received: 0 });
    assert.ok(logs.some((line) => /truncated BSON document|invalid BSON document size/.test(line)));
    await stillServing();
  });

  it('a message cut short by the client closing is dropped with a log line', async () => {
    const socket: Socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.end(header(100, 2013));
    await once(socket, 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(logs.some((line) => /ended inside a message \(16 bytes of a truncated message dropped\)/.test(line)), logs.join('\n'));
    await stillServing();
  });

  it('an unknown opcode closes the connection', async () => {
    const result = await sendAndAwaitClose(server.port, Buffer.concat([header(20, 9999), Buffer.alloc(4)]));
    assert.equal(result.closed, true);
    assert.ok(logs.some((line) => /unsupported opCode 9999/.test(line)));
    await stillServing();
  });

  it('a reply too large for BSON answers an error and keeps the connection', async () => {
    const big = client.db('t').collection('big');
    for (let i = 0; i < 3; i++) await big.insertOne({ blob: String(i).repeat(7 * 1024 * 1024) });
    await assert.rejects(big.distinct('blob'), (e: { code?: number }) => e.code === 10334);
    assert.equal(await big.countDocuments(), 3);
    await big.drop();
    await stillServing();
  });
});
