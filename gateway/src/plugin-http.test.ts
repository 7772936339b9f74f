import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { Gateway } from './index.js';
import { startSampleGateway, stopSampleGateway } from './test-support/sample-gateway.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';


interface Echo {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

describe('plugin HTTP proxy and /health', () => {
  let documents: TestPluginHost;
  let contacts: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    ({ documents, contacts, gateway } = await startSampleGateway({ pollIntervalMs: 60_000 }));
  });
  after(() => stopSampleGateway({ documents, contacts, gateway }));

  it('forwards method, path, query, headers and body, and returns status, headers and body', async () => {
    const response = await fetch(`${gateway.url}/pl:documents/echo?page=2`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', cookie: 'auth-token=abc', authorization: 'Bearer t', 'x-custom': '1' },
      body: 'hello plugin',
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('x-plugin'), 'documents');
    const echo = (await response.json()) as Echo;
    assert.equal(echo.method, 'PUT');
    assert.equal(echo.path, '/echo?page=2');
    assert.equal(echo.body, 'hello plugin');
    assert.equal(echo.headers['cookie'], 'auth-token=abc');
    assert.equal(echo.headers['authorization'], 'Bearer t');
    assert.equal(echo.headers['x-custom'], '1');
    assert.equal(echo.headers['content-type'], 'text/plain');
    assert.equal(echo.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(echo.headers['x-forwarded-host'], new URL(gateway.url).host);
    assert.equal(echo.headers['x-forwarded-proto'], 'http');
    assert.equal(echo.headers['x-forwarded-prefix'], '/pl:documents');
  });

  it('refuses a declared body over 50 MB with 413 before reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${gateway.url}/pl:documents/echo`, {
        method: 'POST',
        headers: { 'content-length': String(60 * 1024 * 1024) },
      });
      req.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('x'.repeat(1024));
    });
    assert.equal(status, 413);
  });

  it("never reaches a plugin's /graphql or /health, however the path is spelt", async () => {
    const paths = ['/graphql', '/graphql/', '/GraphQL', '//graphql', '/%67raphql', '/echo/../graphql', '/health', '/health/ready', '/HEALTH/live'];
    for (const path of paths) {
      const response = await fetch(`${gateway.url}/pl:documents${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ documents { id } }' }),
      });
      assert.equal(response.status, 404, path);
      assert.equal(((await response.json()) as { code: string }).code, 'NOT_FOUND', path);
    }
  });

  it('streams a large request body through', async () => {
    const body = 'x'.repeat(5 * 1024 * 1024);
    const response = await fetch(`${gateway.url}/pl:contacts/echo`, { method: 'POST', body });
    const echo = (await response.json()) as Echo;
    assert.equal(echo.body.length, body.length);
  });

  it('answers 404 for an unknown plugin and passes the plugin\'s own 404 through', async () => {
    const unknown = await fetch(`${gateway.url}/pl:nope/echo`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { error: 'Unknown plugin "nope"', code: 'NOT_FOUND' });
    const missing = await fetch(`${gateway.url}/pl:documents/no-such-route`);
    assert.equal(missing.status, 404);
  });

  it('reports plugin status on /health and answers 503 for a plugin that is down', async () => {
    const healthy = await fetch(`${gateway.url}/health`);
    assert.equal(healthy.status, 200);
    assert.deepEqual(await healthy.json(), {
      status: 'ok',
      plugins: { documents: 'up', contacts: 'up' },
      replicas: { documents: [{ url: documents.url, status: 'up' }], contacts: [{ url: contacts.url, status: 'up' }] },
    });

    await contacts.stop();
    // Before the poller notices, a failed connection is also a 503.
    const unnoticed = await fetch(`${gateway.url}/pl:contacts/echo`);
    assert.equal(unnoticed.status, 503);
    await gateway.refresh();
    const health = await fetch(`${gateway.url}/health`);
    assert.deepEqual(((await health.json()) as { plugins: unknown }).plugins, { documents: 'up', contacts: 'down' });
    const down = await fetch(`${gateway.url}/pl:contacts/echo`, { method: 'POST', body: 'x' });
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), { error: 'Plugin "contacts" is unavailable', code: 'PLUGIN_UNAVAILABLE' });

    await contacts.start();
    await gateway.refresh();
    const back = await fetch(`${gateway.url}/pl:contacts/echo`);
    assert.equal(back.status, 201);
  });
});
