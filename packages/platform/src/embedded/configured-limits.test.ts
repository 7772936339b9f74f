import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';
import { createGraphQLClient, type GraphQLResponse } from '../test-kit/graphql-client.js';
import { startTestPlatform, type TestPlatform } from '../test-kit/start-test-platform.js';

/** One operation with `count` aliases of the core's currentUser. */
const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, index) => `a${index}: currentUser { _id }`).join(' ')} }`;

describe('configs.json limits reach every GraphQL door', () => {
  let platform: TestPlatform;

  before(async () => {
    platform = await startTestPlatform({ plugins: [], limits: { maxAliases: 3 } });
  });
  after(async () => {
    await platform.stop();
  });

  /** The core host's own /graphql, past the gateway: signed with the platform secret as the gateway signs. */
  async function askCoreHost(query: string): Promise<GraphQLResponse> {
    const core = platform.plugins.get('core');
    assert.ok(core, 'the core plugin host runs');
    const signer = createSubgraphSigner(subgraphSigningKey(platform.authTokenSecret));
    const signature = signer.headers({ audience: 'core', method: 'POST', target: '/graphql' }, JSON.stringify({ query }));
    return createGraphQLClient(`${core.url}/graphql`)(query, undefined, { ...signature, cookie: platform.authCookie });
  }

  it('the gateway refuses a fourth alias with QUERY_TOO_COMPLEX, naming the configured limit, and answers three', async () => {
    const refused = await platform.graphql(aliased(4));
    assert.equal(refused.status, 400);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.match(refused.errors?.[0]?.message ?? '', /too many aliases: the operation uses more than 3$/);
    const answered = await platform.graphql<Record<string, { _id: string }>>(aliased(3));
    assert.deepEqual(Object.keys(answered.data ?? {}), ['a0', 'a1', 'a2']);
  });

  it("a plugin host's own /graphql holds a request signed by the gateway to the same configured limit", async () => {
    const refused = await askCoreHost(aliased(4));
    assert.equal(refused.status, 400);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX');
    assert.match(refused.errors?.[0]?.message ?? '', /too many aliases: the operation uses more than 3$/);
    const answered = await askCoreHost(aliased(3));
    assert.equal(answered.status, 200);
    assert.deepEqual(Object.keys(answered.data ?? {}), ['a0', 'a1', 'a2']);
  });
});
