import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startNotificationsHost, type NotificationsHost } from './test-support/sample-plugins.js';

/** The status of a raw websocket handshake (101 accepted) and the socket when it was accepted. */
function handshake(url: string, headers: Record<string, string>): Promise<{ status: number; socket?: WebSocket; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers });
    socket.once('open', () => resolve({ status: 101, socket, ms: performance.now() - started }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, ms: performance.now() - started });
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** A graphql-ws client done by hand, so the test can stop reading its socket. */
async function subscribeRaw(url: string, headers: Record<string, string>, query: string): Promise<WebSocket> {
  const { socket } = await handshake(url, headers);
  assert.ok(socket);
  const acked = new Promise<void>((resolve) => socket.on('message', (data: Buffer) => JSON.parse(data.toString()).type === 'connection_ack' && resolve()));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await acked;
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  return socket;
}

async function eventually(check: () => boolean, what: string, step: () => void = () => undefined, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    step();
    await delay(10);
  }
}

describe('websocket limits at the gateway', () => {
  let notifications: NotificationsHost;
  let gateway: Gateway;
  let wsUrl: string;
  const sockets: WebSocket[] = [];

  before(async () => {
    notifications = await startNotificationsHost();
    gateway = await startTestGateway({
      subgraphs: [{ name: 'notifications', urls: [notifications.host.url] }],
      maxConnectionsPerClient: 3,
      maxBufferedBytes: 256 * 1024,
    });
    wsUrl = `${gateway.url.replace(/^http/, 'ws')}/graphql`;
  });
  after(async () => {
    for (const socket of sockets) socket.terminate();
    await gateway.stop();
    await notifications.host.dispose();
  });

  it('caps the connections of one client (its address, or the one its proxy on loopback names) with 429; other clients still get in at once', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++) {
      const accepted = await handshake(wsUrl, attacker);
      assert.equal(accepted.status, 101);
      sockets.push(accepted.socket!);
    }
    let refused = 0;
    for (let i = 0; i < 5; i++) {
      const attempt = await handshake(wsUrl, attacker);
      assert.equal(attempt.status, 429);
      refused += 1;
    }
    assert.equal(refused, 5);
    const other = await handshake(wsUrl, { 'x-forwarded-for': '198.51.100.9' });
    assert.equal(other.status, 101);
    assert.ok(other.ms < 1_000, `another client waited ${other.ms} ms`);
    sockets.push(other.socket!);
    // A connection that closes frees its place.
    const closing = sockets.shift()!;
    await new Promise((resolve) => {
      closing.once('close', resolve);
      closing.close();
    });
    let again = await handshake(wsUrl, attacker);
    for (let tries = 0; again.status !== 101 && tries < 50; tries++) {
      await delay(20);
      again = await handshake(wsUrl, attacker);
    }
    assert.equal(again.status, 101);
    sockets.push(again.socket!);
    for (const socket of sockets.splice(0)) socket.terminate();
  });

  it('disconnects a client that stops reading once its unsent data passes the limit; a reading client keeps its events', async () => {
    const text = 'x'.repeat(64 * 1024);
    const slow = await subscribeRaw(wsUrl, { 'x-forwarded-for': '192.0.2.10', cookie: 'auth-token=t1' }, 'subscription { notified { text } }');
    const reader = await subscribeRaw(wsUrl, { 'x-forwarded-for': '192.0.2.11', cookie: 'auth-token=t1' }, 'subscription { notified { text } }');
    sockets.push(slow, reader);
    let received = 0;
    reader.on('message', (data: Buffer) => {
      if (JSON.parse(data.toString()).type === 'next') received += 1;
    });
    await eventually(() => notifications.openSubscriptions() === 2, 'both subscriptions reach the plugin');
    // The slow client stops reading: its data piles up in the gateway until the limit.
    const raw = (slow as unknown as { _socket: { pause(): void; resume: () => void } })._socket;
    raw.pause();
    // ws resumes its socket whenever its parser drains: keep it paused, as a client that never reads.
    raw.resume = () => undefined;
    let sent = 0;
    await eventually(
      () => notifications.openSubscriptions() === 1,
      'the slow client is disconnected and its subscription ends at the plugin',
      () => {
        for (let i = 0; i < 8; i++) notifications.notify({ topic: 't', text });
        sent += 8;
      },
    );
    const before = received;
    await eventually(() => received > before, 'the reading client still gets events', () => notifications.notify({ topic: 't', text: 'after' }));
    assert.ok(sent * text.length < 64 * 1024 * 1024, `the gateway let ${sent} events of 64 KB pile up`);
  });
});
