import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Gateway } from '../index.js';
import { startTestGateway } from '../test-support/sample-gateway.js';
import { startDocumentsHost } from '../test-support/sample-plugins.js';
import type { TestPluginHost } from '../test-support/test-plugin-host.js';

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('the GraphQL IDE page', () => {
  let documents: TestPluginHost;
  let dev: Gateway;
  let production: Gateway;

  before(async () => {
    documents = await startDocumentsHost();
    const subgraphs = [{ name: 'documents', urls: [documents.url] }];
    [dev, production] = await Promise.all([startTestGateway({ dev: true, subgraphs }), startTestGateway({ subgraphs })]);
  });
  after(async () => {
    await Promise.all([dev.stop(), production.stop()]);
    await documents.dispose();
  });

  it('is served in dev to a browser opening /graphql, whole, pointed at the address it came from', async () => {
    const response = await fetch(`${dev.url}/graphql`, { headers: browser });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    const html = await response.text();
    assert.match(html, /<title>Lattice GraphQL<\/title>/);
    assert.match(html, /YogaGraphiQL\.renderYogaGraphiQL/);
    assert.doesNotMatch(html, /"endpoint"/, 'no fixed endpoint: the page uses its own path, /gateway/graphql behind the front-end');
    assert.doesNotMatch(html, /<script[^>]+src="https?:/, 'no script from elsewhere');
  });

  it('leaves GraphQL GET requests to GraphQL in dev', async () => {
    const query = encodeURIComponent('{ documents { id } }');
    const response = await fetch(`${dev.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    assert.deepEqual(await response.json(), { data: { documents: [{ id: 'd1' }, { id: 'd2' }] } });
  });

  it('is not served outside dev', async () => {
    const response = await fetch(`${production.url}/graphql`, { headers: browser });
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(response.status, 400);
  });
});
