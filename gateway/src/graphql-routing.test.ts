import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startSampleGateway, stopSampleGateway } from './test-support/sample-gateway.js';
import type { TestPluginHost } from './test-support/test-plugin-host.js';


describe('gateway /graphql routing', () => {
  let documents: TestPluginHost;
  let contacts: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    ({ documents, contacts, gateway } = await startSampleGateway({ pollIntervalMs: 60_000 }));
  });
  after(() => stopSampleGateway({ documents, contacts, gateway }));

  it('resolves an entity extended across two subgraphs through the planner', async () => {
    const response = await postGraphql(gateway.url, {
      query: '{ documents { id name owner { name } } contacts { name } }',
    });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      data: {
        documents: [
          { id: 'd1', name: 'Contract', owner: { name: 'Ada' } },
          { id: 'd2', name: 'Invoice', owner: { name: 'Grace' } },
        ],
        contacts: [{ name: 'Ada' }, { name: 'Grace' }],
      },
    });
    assert.ok(contacts.graphqlBodies.some((body) => body.includes('_entities')), 'contacts was asked for the entity');
  });

  it('forwards a single-subgraph operation unchanged, with the same result as the planner', async () => {
    const query = 'query Docs { documents { id name } }';
    const before = documents.graphqlBodies.length;
    const fast = await postGraphql(gateway.url, { query, operationName: 'Docs' });
    assert.equal(fast.status, 200);
    assert.equal(documents.graphqlBodies.length, before + 1);
    assert.equal(documents.graphqlBodies.at(-1), JSON.stringify({ query, operationName: 'Docs' }));

    // A skipped field of the other subgraph sends the same operation through the planner instead.
    const plannedQuery = 'query Docs { documents { id name } contacts @include(if: false) { id } }';
    const planned = await postGraphql(gateway.url, { query: plannedQuery, operationName: 'Docs' });
    assert.notEqual(documents.graphqlBodies.at(-1), JSON.stringify({ query: plannedQuery, operationName: 'Docs' }));
    assert.equal(planned.status, 200);
    assert.deepEqual(planned.body, fast.body);
    assert.deepEqual(fast.body, { data: { documents: [{ id: 'd1', name: 'Contract' }, { id: 'd2', name: 'Invoice' }] } });
  });

  it('sends each subgraph its own root fields at once and merges the answers in the order of the query', async () => {
    const [documentsBefore, contactsBefore] = [documents.graphqlBodies.length, contacts.graphqlBodies.length];
    const query = 'query Both($id: ID!) { first: contacts { name } document(id: $id) { name } documents { id } }';
    const response = await postGraphql(gateway.url, { query, variables: { id: 'd2' }, operationName: 'Both' });
    assert.equal(response.status, 200);
    assert.equal(
      response.text,
      JSON.stringify({ data: { first: [{ name: 'Ada' }, { name: 'Grace' }], document: { name: 'Invoice' }, documents: [{ id: 'd1' }, { id: 'd2' }] } }),
    );
    // One call each, with only that subgraph's fields and variables: no planner sub-operations.
    assert.deepEqual(documents.graphqlBodies.slice(documentsBefore).map((body) => JSON.parse(body) as unknown), [
      { query: 'query Both($id: ID!) {\n  document(id: $id) {\n    name\n  }\n  documents {\n    id\n  }\n}', variables: { id: 'd2' } },
    ]);
    assert.deepEqual(contacts.graphqlBodies.slice(contactsBefore).map((body) => JSON.parse(body) as unknown), [
      { query: 'query Both {\n  first: contacts {\n    name\n  }\n}' },
    ]);
  });

  it('answers a split query with bad variables as the planner does', async () => {
    const query = 'query Both($id: ID!) { document(id: $id) { name } contacts { name } }';
    const response = await postGraphql(gateway.url, { query, variables: {} });
    assert.equal(response.status, 400);
    assert.match(response.body.errors?.[0]?.message ?? '', /Variable "\$id" of required type "ID!" was not provided/);
    assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'BAD_USER_INPUT');
    assert.equal('data' in response.body, false);
  });

  it('passes cookie and authorization to the subgraph on both paths and returns Set-Cookie', async () => {
    const headers = { authorization: 'Bearer abc', cookie: 'auth-token=xyz' };
    const fast = await postGraphql(gateway.url, { query: '{ whoAmI }' }, { ...headers, 'x-request-id': 'r1' });
    assert.deepEqual(fast.body, { data: { whoAmI: 'Bearer abc auth-token=xyz' } });
    const seen = documents.graphqlHeaders.at(-1) ?? {};
    assert.equal(seen['content-type'], 'application/json');
    assert.equal(seen['x-request-id'], 'r1');
    assert.equal(seen['x-forwarded-for'], '127.0.0.1');
    assert.equal(seen['x-forwarded-host'], new URL(gateway.url).host);
    assert.equal(seen['x-forwarded-proto'], 'http');
    const planned = await postGraphql(gateway.url, { query: '{ whoAmI contacts { id } }' }, headers);
    assert.equal(planned.body.data?.['whoAmI'], 'Bearer abc auth-token=xyz');

    const login = await postGraphql(gateway.url, { query: 'mutation { login(name: "ada") }' });
    assert.deepEqual(login.body, { data: { login: 'ada' } });
    assert.match(login.headers.get('set-cookie') ?? '', /auth-token=token-ada; Path=\/; HttpOnly/);
  });

  it('passes a subgraph error code through unchanged on both paths', async () => {
    const fast = await postGraphql(gateway.url, { query: '{ document(id: "nope") { id } }' });
    assert.equal(fast.body.errors?.[0]?.extensions?.['code'], 'NOT_FOUND');
    assert.equal(fast.body.errors?.[0]?.message, 'Document not found');
    const planned = await postGraphql(gateway.url, { query: '{ document(id: "nope") { id } contacts { id } }' });
    assert.equal(planned.body.errors?.[0]?.extensions?.['code'], 'NOT_FOUND');
    assert.equal(planned.body.errors?.[0]?.message, 'Document not found');
    assert.deepEqual(planned.body.errors?.[0]?.path, ['document']);
    assert.equal((planned.body.data?.['contacts'] as unknown[]).length, 2);
  });

  it('answers an invalid query with a GraphQL validation error, without calling a subgraph', async () => {
    const before = documents.graphqlBodies.length;
    const response = await postGraphql(gateway.url, { query: '{ documents { id title } }' });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors?.[0]?.extensions?.['code'], 'BAD_USER_INPUT');
    assert.match(response.body.errors?.[0]?.message ?? '', /Cannot query field "title" on type "Document"/);
    assert.equal(documents.graphqlBodies.length, before);

    const syntax = await postGraphql(gateway.url, { query: '{ documents { ' });
    assert.equal(syntax.status, 400);
    assert.match(syntax.body.errors?.[0]?.message ?? '', /Syntax Error/);
  });

  it('refuses introspection outside dev', async () => {
    const response = await postGraphql(gateway.url, { query: '{ __schema { queryType { name } } }' });
    assert.equal(response.status, 400);
    assert.match(response.body.errors?.[0]?.message ?? '', /introspection/i);
  });

  it('rejects a body over 50 MB with 413', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ documents { id } } #${'x'.repeat(50 * 1024 * 1024)}` }),
    });
    assert.equal(response.status, 413);
  });
});
