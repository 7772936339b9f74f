import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Gateway } from './index.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startDocumentsHost } from './test-support/sample-plugins.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';

describe('GraphQL over HTTP rules (dev gateway)', () => {
  let documents: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    documents = await startDocumentsHost();
    gateway = await startTestGateway({
      dev: true,
      subgraphs: [{ name: 'documents', urls: [documents.url] }],
    });
  });

  after(async () => {
    await gateway.stop();
    await documents.dispose();
  });

  it('allows introspection in dev', async () => {
    const response = await postGraphql(gateway.url, { query: '{ __schema { queryType { name } } }' });
    assert.deepEqual(response.body, { data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('serves GET queries that carry a preflight header and refuses the rest', async () => {
    const query = encodeURIComponent('{ documents { id } }');
    const ok = await fetch(`${gateway.url}/graphql?query=${query}`, { headers: { 'apollo-require-preflight': 'true' } });
    assert.deepEqual(await ok.json(), { data: { documents: [{ id: 'd1' }, { id: 'd2' }] } });

    const noPreflight = await fetch(`${gateway.url}/graphql?query=${query}`);
    assert.equal(noPreflight.status, 400);

    const mutation = encodeURIComponent('mutation { login(name: "x") }');
    const viaGet = await fetch(`${gateway.url}/graphql?query=${mutation}`, { headers: { 'apollo-require-preflight': 'true' } });
    assert.equal(viaGet.status, 405);
  });

  it('accepts only JSON POST bodies', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ documents { id } }' }),
    });
    assert.equal(response.status, 415);
    const batch = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ documents { id } }' }]),
    });
    assert.equal(batch.status, 400);
  });

  it('rejects queries nested past the depth limit', async () => {
    const deep = `{ documents { ${'parent { '.repeat(40)}id${' }'.repeat(40)} } }`;
    const response = await postGraphql(gateway.url, { query: deep });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'QUERY_TOO_COMPLEX');
    assert.match(response.body.errors?.[0]?.message ?? '', /Query is too deep/);
  });

  it('gives bad variables BAD_USER_INPUT on the planner path', async () => {
    const response = await postGraphql(gateway.url, {
      // __type is answered by the gateway, so this cannot take the fast path.
      query: 'query ($id: ID!) { document(id: $id) { id } __type(name: "Query") { name } }',
      variables: {},
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'BAD_USER_INPUT');
  });
});
