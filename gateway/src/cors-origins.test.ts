import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startDocumentsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

const portal = 'https://portal.example.com';
const otherPortal = 'http://localhost:5173';

describe('client portal origins (CORS)', () => {
  let documents: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    documents = await startDocumentsHost();
    gateway = await startTestGateway({ subgraphs: [{ name: 'documents', urls: [documents.url] }], corsOrigins: [portal, otherPortal] });
    await gateway.refresh();
  });
  after(async () => {
    await gateway?.stop();
    await documents?.dispose();
  });

  const preflight = (origin: string) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const query = (origin: string) =>
    fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', cookie: 'session=abc' },
      body: JSON.stringify({ query: '{ documents { id } }' }),
    });

  it('answers a preflight from a listed origin, credentials allowed', async () => {
    for (const origin of [portal, otherPortal]) {
      const response = await preflight(origin);
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('access-control-allow-origin'), origin);
      assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
      assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /content-type/);
    }
  });

  it('names a listed origin in the answer to its request, which is served as usual', async () => {
    const response = await query(portal);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), portal);
    assert.equal(response.headers.get('access-control-allow-credentials'), 'true');
    assert.match(response.headers.get('vary') ?? '', /origin/i);
    assert.deepEqual(await response.json(), { data: { documents: [{ id: 'd1' }, { id: 'd2' }] } });
  });

  it('gives any other origin no CORS header, so its browser cannot read the answer', async () => {
    for (const origin of ['https://evil.example.com', 'https://portal.example.com.evil.example', 'http://portal.example.com']) {
      const answered = await preflight(origin);
      assert.equal(answered.headers.get('access-control-allow-origin'), null, origin);
      const response = await query(origin);
      assert.equal(response.headers.get('access-control-allow-origin'), null, origin);
    }
  });

  it('opens subscriptions (websocket upgrades on /graphql) from a listed origin, and refuses any other', async () => {
    const handshakeStatus = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { origin } });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', reject);
      });
    assert.equal(await handshakeStatus(portal), 101);
    assert.equal(await handshakeStatus('https://evil.example.com'), 403);
  });

  it('refuses an origin that is not one, naming it, before listening', async () => {
    for (const bad of ['portal.example.com', 'https://portal.example.com/', 'https://portal.example.com/app', 'ftp://portal.example.com', '*']) {
      await assert.rejects(
        startTestGateway({ subgraphs: [{ name: 'documents', urls: [documents.url] }], corsOrigins: [bad] }),
        (error: Error) => error.message.includes(`"${bad}"`) && /must be an origin such as https:\/\/portal\.example\.com/.test(error.message),
      );
    }
  });
});

describe('without client portal origins', () => {
  it('answers no origin with CORS headers', async () => {
    const documents = await startDocumentsHost();
    const gateway = await startTestGateway({ subgraphs: [{ name: 'documents', urls: [documents.url] }] });
    try {
      await gateway.refresh();
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { origin: portal, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ documents { id } }' }),
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    } finally {
      await gateway.stop();
      await documents.dispose();
    }
  });
});
