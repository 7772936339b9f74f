import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetch, type Response } from 'undici';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';
import { nginxInstalled } from '../test-kit/nginx-process.js';
import { startTestProxy, type TestProxy } from '../test-kit/test-proxy.js';
import { firstSubscriptionResult } from './test-support/tls-subscription.js';

const skip = nginxInstalled() ? false : 'nginx is not installed (apt-get install nginx; .ci/run does)';

let topology: ServicesTopology;
let proxy: TestProxy;
let cookie = '';

const hostAndPort = (url: string) => new URL(url).host;

async function graphql<TData>(query: string, variables?: Record<string, unknown>): Promise<{ data?: TData; errors?: unknown; response: Response }> {
  const response = await fetch(`${proxy.origin}/gateway/graphql`, {
    dispatcher: proxy.dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: TData; errors?: unknown };
  return { ...body, response };
}

before(async () => {
  if (skip) return;
  topology = await startServicesTopology({ documentsHosts: 1 });
  proxy = await startTestProxy({
    frontend: hostAndPort(topology.frontendUrl),
    gateway: hostAndPort(topology.gatewayUrl),
    integrations: hostAndPort(topology.integrationsUrl),
    'mobile-app': hostAndPort(topology.mobileUrl),
  });
});
after(async () => {
  await proxy?.stop();
  await topology?.stop();
});

describe('lattice generate nginx in front of the services topology, over HTTPS', { skip, timeout: 600_000 }, () => {
  it('logs in with a Secure cookie and runs documents operations through /gateway/graphql', async () => {
    const login = await graphql<{ login: { _id: string } }>(
      'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }',
      topology.owner,
    );
    assert.equal(login.errors, undefined, JSON.stringify(login.errors));
    const setCookie = login.response.headers.getSetCookie().find((header) => header.startsWith('auth-token='));
    assert.ok(setCookie, 'login set no auth-token cookie');
    assert.match(setCookie, /;\s*Secure/i);
    cookie = setCookie.split(';')[0]!;

    const added = await graphql<{ documentsAdd: { _id: string } }>('mutation { documentsAdd(name: "Behind nginx") { _id } }');
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const listed = await graphql<{ documents: Array<{ name: string }> }>('{ documents { name } }');
    assert.deepEqual(listed.data?.documents.map((document) => document.name), ['Behind nginx']);
  });

  it('serves the UI at / from the front-end', async () => {
    const response = await fetch(`${proxy.origin}/`, { dispatcher: proxy.dispatcher });
    assert.equal(response.status, 200);
    assert.match(await response.text(), /<html/i);
  });

  it("serves the phone app at /mobile-app/ from the front-end's port 4100: its page, manifest and service worker", async () => {
    const page = await fetch(`${proxy.origin}/mobile-app/`, { dispatcher: proxy.dispatcher });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<link rel="manifest" href="\/mobile-app\/manifest.webmanifest">/);
    const manifest = await fetch(`${proxy.origin}/mobile-app/manifest.webmanifest`, { dispatcher: proxy.dispatcher });
    assert.equal(manifest.status, 200);
    assert.equal(((await manifest.json()) as { start_url: string }).start_url, '/mobile-app/');
    const worker = await fetch(`${proxy.origin}/mobile-app/sw.js`, { dispatcher: proxy.dispatcher });
    assert.equal(worker.status, 200);
    assert.match(await worker.text(), /lattice-mobile-/);
  });

  for (const socketPath of ['/gateway/graphql', '/mobile-app/gateway/graphql']) {
    it(`tells a wss:// subscriber on ${socketPath} about a mail delivered to /integrations/imap/receive`, async () => {
      const created = await graphql<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
        `mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Through nginx ${socketPath}") { _id webhookToken } }`,
      );
      assert.equal(created.errors, undefined, JSON.stringify(created.errors));
      const integration = created.data!.integrationsCreateExternalIntegration;
      let delivered = 0;
      const result = await firstSubscriptionResult<{ conversationChanged: { content: string } }>(
        `${proxy.origin.replace(/^https/, 'wss')}${socketPath}`,
        'subscription { conversationChanged { _id content } }',
        {
          ca: proxy.pem,
          // A browser on the public origin sends it: the gateway compares it with X-Forwarded-Host.
          headers: { cookie, origin: proxy.origin },
          trigger: async () => {
            const response = await fetch(`${proxy.origin}/integrations/imap/receive`, {
              dispatcher: proxy.dispatcher,
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
              body: JSON.stringify({
                integrationId: integration._id,
                messageId: `<nginx-${Date.now()}-${delivered++}@lattice.test>`,
                subject: 'Through the proxy',
                body: 'Over TLS',
                from: [{ name: 'Ada', address: 'ada@example.com' }],
                to: [{ name: 'Support', address: 'support@lattice.test' }],
              }),
            });
            assert.equal(response.status, 200, await response.text());
          },
        },
      );
      assert.equal(result.errors, undefined, JSON.stringify(result.errors));
      assert.match(result.data?.conversationChanged.content ?? '', /Through the proxy|Over TLS/);
    });
  }
});
