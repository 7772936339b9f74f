import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { definePlugin } from '@lattice/plugin-sdk';
import { startTestPlatform, type TestPlatform } from '../test-kit/start-test-platform.js';

/** An integration plugin whose one route says what reached it. */
const echoPlugin = definePlugin({
  name: 'echo',
  operations: { Query: { echoPing: 'authenticated' } },
  meta: { inboxIntegration: { kind: 'echo', label: 'Echo', publicRoutes: ['/hooks'] } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query { echoPing: String }
    `,
    resolvers: { Query: { echoPing: () => 'pong' } },
  }),
  onServerInit: ({ app }) => {
    app.post('/hooks/:id', express.json(), (req, res) => {
      res.status(201).json({
        url: req.originalUrl,
        body: req.body as unknown,
        prefix: req.headers['x-forwarded-prefix'],
        ip: req.ip,
        localPort: req.socket.localPort,
      });
    });
  },
});

let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [echoPlugin] });
});
after(async () => {
  await platform.stop();
});

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('plugin HTTP routes of a host in the same process', () => {
  it('reach the plugin from /pl:<name>/ without a loopback hop, with its path, body and forwarded headers', async () => {
    const response = await post(`${platform.gatewayUrl}/pl:echo/hooks/7?x=1`, { hello: 'world' });
    assert.equal(response.status, 201);
    const seen = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(
      { url: seen.url, body: seen.body, prefix: seen.prefix },
      { url: '/hooks/7?x=1', body: { hello: 'world' }, prefix: '/pl:echo' },
    );
    // The client's address (IPv4-mapped where the gateway listens on both stacks), as X-Forwarded-For gave it.
    assert.match(String(seen.ip), /^(::ffff:)?127\.0\.0\.1$/);
    // The request arrived on the gateway's own connection, not on one from the gateway to the host.
    assert.equal(seen.localPort, Number(new URL(platform.gatewayUrl).port));
  });

  it('reach an integration from the integrations port the same way', async () => {
    const response = await post(`${platform.integrationsUrl}/echo/hooks/8`, { n: 1 });
    assert.equal(response.status, 201);
    const seen = (await response.json()) as Record<string, unknown>;
    assert.deepEqual({ url: seen.url, prefix: seen.prefix, localPort: seen.localPort }, {
      url: '/hooks/8',
      prefix: '/integrations/echo',
      localPort: Number(new URL(platform.integrationsUrl).port),
    });
  });

  it('answer PLUGIN_UNAVAILABLE once the host stopped, and reach it again when it is back', async () => {
    await platform.stopPlugin('echo');
    const stopped = await post(`${platform.gatewayUrl}/pl:echo/hooks/9`, {});
    assert.equal(stopped.status, 503);
    assert.equal(((await stopped.json()) as { code: string }).code, 'PLUGIN_UNAVAILABLE');

    await platform.startPlugin('echo');
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 201; attempt += 1) {
      status = (await post(`${platform.gatewayUrl}/pl:echo/hooks/10`, {})).status;
      if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(status, 201);
  });
});
