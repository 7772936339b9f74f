import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startContactsHost, startDocumentsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

describe('integrations ingress', () => {
  let integration: TestPluginHost;
  let other: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    [integration, other] = await Promise.all([startDocumentsHost(), startContactsHost()]);
    gateway = await startTestGateway({
      subgraphs: [
        { name: 'mail', urls: [integration.url] },
        { name: 'contacts', urls: [other.url] },
      ],
      integrations: { port: 0, plugins: ['mail'], publicRoutes: { mail: ['/echo'] } },
    });
  });
  after(async () => {
    await gateway.stop();
    await Promise.all([integration.dispose(), other.dispose()]);
  });

  it('forwards /<integration>/<path> to that plugin, with its public prefix', async () => {
    assert.ok(gateway.integrationsUrl);
    const response = await fetch(`${gateway.integrationsUrl}/mail/echo?x=1`, { method: 'POST', body: 'a mail', headers: { 'content-type': 'text/plain' } });
    assert.equal(response.status, 201);
    const echo = (await response.json()) as { method: string; path: string; body: string; headers: Record<string, string> };
    assert.deepEqual([echo.method, echo.path, echo.body], ['POST', '/echo?x=1', 'a mail']);
    assert.equal(echo.headers['x-forwarded-prefix'], '/integrations/mail');
  });

  it('does not reach plugins that are not integrations, nor the GraphQL API', async () => {
    for (const path of ['/contacts/echo', '/graphql', '/pl:mail/echo']) {
      const response = await fetch(`${gateway.integrationsUrl}${path}`);
      assert.equal(response.status, 404, path);
    }
  });

  it("serves only the routes an integration declares public: never its /graphql, /health or other routes, however spelt", async () => {
    const paths = ['/mail/graphql', '/mail/GraphQL/', '/mail//graphql', '/mail/%67raphql', '/mail/echo/../graphql', '/mail/health', '/mail/health/ready', '/mail/other', '/mail/'];
    for (const path of paths) {
      const response = await fetch(`${gateway.integrationsUrl}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal(response.status, 404, path);
      assert.equal(((await response.json()) as { code: string }).code, 'NOT_FOUND', path);
    }
  });
});
