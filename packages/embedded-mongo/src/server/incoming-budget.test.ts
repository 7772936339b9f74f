import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from './embedded-server.js';

const MB = 1024 * 1024;

/** A connection that declares a message of `declared` bytes and sends only its first `sent` bytes. */
async function sendPartOfMessage(port: number, declared: number, sent: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  // Not once(): a reset arrives as an 'error' before the 'close', and once() would reject on it.
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const part = Buffer.alloc(sent);
  part.writeInt32LE(declared, 0);
  part.writeInt32LE(1, 4);
  part.writeInt32LE(2013, 12);
  socket.write(part);
  socket.on('error', () => undefined);
  return { socket, closed };
}

describe('memory held by incomplete messages', () => {
  it('ten connections each sending half of a large message: those past the cap are closed, the rest is served', async () => {
    const logs: string[] = [];
    const server = await startEmbeddedMongo({ log: (line) => logs.push(line), maxIncomingBytes: 8 * MB });
    const client = await MongoClient.connect(server.uri);
    try {
      const halves = await Promise.all(Array.from({ length: 10 }, () => sendPartOfMessage(server.port, 4 * MB, 2 * MB)));
      let closed = 0;
      for (const half of halves) void half.closed.then(() => (closed += 1));
      // 10 × 2 MB against an 8 MB cap: at most four partial messages can be held, so at least six go.
      const deadline = Date.now() + 20_000;
      while (closed < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(closed >= 6, `only ${closed} connections were closed`);
      assert.ok(logs.some((line) => /exceed 8388608 bytes/.test(line)), logs.join('\n'));
      // A whole message bigger than the others' share still goes through once they are gone.
      for (const half of halves) half.socket.destroy();
      await Promise.all(halves.map((half) => half.closed));
      const big = 'x'.repeat(6 * MB);
      await client.db('cap').collection('c').insertOne({ _id: 1 as never, big });
      assert.equal((await client.db('cap').collection('c').findOne({ _id: 1 as never }))?.big.length, big.length);
    } finally {
      await client.close();
      await server.stop();
    }
  });
});
