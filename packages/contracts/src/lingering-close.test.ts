import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { closeAfterAnswer } from './lingering-close.js';

const bodyBytes = 8 * 1024 * 1024;

function refuseUnread(res: ServerResponse): void {
  closeAfterAnswer(res);
  res.writeHead(413, { 'content-type': 'text/plain', 'content-length': 9 }).end('too large');
}

/** Waits for the socket to close, whether or not an error came first (`once` would reject on it). */
function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}

/**
 * Sends a `bodyBytes` upload without reading anything until the last byte is written (as a client busy
 * uploading does), then reads what came back: the raw answer and whether the connection was reset.
 */
async function uploadThenRead(port: number): Promise<{ answer: string; error?: string }> {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  await once(socket, 'connect');
  let error: string | undefined;
  socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message));
  socket.write(`POST /upload HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/octet-stream\r\ncontent-length: ${bodyBytes}\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  for (let sent = 0; sent < bodyBytes && !error && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) await drainedOrClosed(socket);
  }
  const chunks: Buffer[] = [];
  socket.on('data', (data: Buffer) => chunks.push(data));
  socket.resume();
  if (!socket.destroyed) await closed(socket);
  return { answer: Buffer.concat(chunks).toString('latin1'), ...(error ? { error } : {}) };
}

describe('closeAfterAnswer', () => {
  it('lets a client still uploading read the answer before the connection closes', async () => {
    const server = createServer((_req, res) => refuseUnread(res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      for (let round = 0; round < 3; round += 1) {
        const { answer, error } = await uploadThenRead((server.address() as AddressInfo).port);
        assert.match(answer, /^HTTP\/1\.1 413 /, `round ${round}: no answer read${error ? ` (${error})` : ''}`);
        assert.match(answer, /connection: close/i);
        assert.match(answer, /too large$/);
      }
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('closes a connection whose client goes on sending after the lingering time', async () => {
    const server = createServer((_req, res) => {
      closeAfterAnswer(res, { totalMs: 300, idleMs: 10_000 });
      res.writeHead(413).end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    // Half-open, as a client that goes on sending after the server's FIN.
    const socket = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    try {
      await once(socket, 'connect');
      socket.write(`POST / HTTP/1.1\r\nhost: x\r\ncontent-length: ${1024 * 1024 * 1024}\r\n\r\n`);
      const sender = setInterval(() => socket.write(Buffer.alloc(1024)), 20);
      const started = Date.now();
      await closed(socket);
      clearInterval(sender);
      assert.ok(Date.now() - started < 10_000, 'closed by the lingering time, not the idle pause');
    } finally {
      socket.destroy();
      server.closeAllConnections();
      server.close();
    }
  });
});
