import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

let topology: ServicesTopology;
let graphqlUrl: string;
let cookie: string;

before(async () => {
  // maxAliases is checked by the gateway; maxListItems only by the plugin host that builds the answer.
  topology = await startServicesTopology({ documentsHosts: 1, limits: { maxAliases: 3, maxListItems: 2 } });
  graphqlUrl = `${topology.gatewayUrl}/graphql`;
  cookie = await logIn(graphqlUrl, topology.owner);
});
after(async () => {
  await topology?.stop();
});

describe('services mode: configs.json limits reach `lattice gateway` and `lattice host`', () => {
  it('the gateway refuses a fourth alias with QUERY_TOO_COMPLEX and answers three', async () => {
    const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: currentUser { _id }`).join(' ')} }`;
    const refused = await postGraphQL(graphqlUrl, aliased(4), { cookie });
    assert.equal(refused.status, 400);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    const answered = await postGraphQL(graphqlUrl, aliased(3), { cookie });
    assert.deepEqual(Object.keys(answered.data ?? {}), ['a0', 'a1', 'a2']);
  });

  it("the documents host stops an answer past the configured 2 list items with RESPONSE_TOO_LARGE", async () => {
    for (const name of ['one', 'two', 'three']) {
      const added = await postGraphQL(graphqlUrl, 'mutation ($name: String) { documentsAdd(name: $name) { _id } }', { cookie, variables: { name } });
      assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    }
    const refused = await postGraphQL(graphqlUrl, '{ documents { _id } }', { cookie });
    assert.equal(refused.errors?.[0]?.extensions?.code, 'RESPONSE_TOO_LARGE', JSON.stringify(refused.errors ?? refused.data));
    const paged = await postGraphQL<{ documents: unknown[] }>(graphqlUrl, '{ documents(perPage: 2) { _id } }', { cookie });
    assert.equal(paged.errors, undefined, JSON.stringify(paged.errors));
    assert.equal(paged.data?.documents.length, 2);
  });
});
