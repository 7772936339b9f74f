import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GraphQLError } from 'graphql';
import type { Gateway } from './index.js';
import { postGraphql } from './test-support/post-graphql.js';
import { startTestGateway } from './test-support/sample-gateway.js';
import { startTestPluginHost, type TestPluginHost } from './test-support/test-plugin-host.js';

const link = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])';
const fail = (message: string) => () => {
  throw new GraphQLError(message, { extensions: { code: 'BROKEN' } });
};

describe('a split query whose part fails', () => {
  let strict: TestPluginHost;
  let loose: TestPluginHost;
  let gateway: Gateway;

  before(async () => {
    [strict, loose] = await Promise.all([
      startTestPluginHost({
        name: 'strict',
        typeDefs: `${link} type Query { must: String! also: String }`,
        resolvers: { Query: { must: fail('must failed'), also: () => 'ok' } },
      }),
      startTestPluginHost({
        name: 'loose',
        typeDefs: `${link} type Query { other: String maybe: String }`,
        resolvers: { Query: { other: () => 'fine', maybe: fail('maybe failed') } },
      }),
    ]);
    gateway = await startTestGateway({
      subgraphs: [
        { name: 'strict', urls: [strict.url] },
        { name: 'loose', urls: [loose.url] },
      ],
    });
  });
  after(async () => {
    await gateway.stop();
    await Promise.all([strict.dispose(), loose.dispose()]);
  });

  it('nulls the whole answer when a non-null root field fails, as GraphQL does', async () => {
    const before = loose.graphqlBodies.length;
    const response = await postGraphql(gateway.url, { query: '{ other must }' });
    assert.equal(response.status, 200);
    assert.equal(response.body.data, null);
    assert.deepEqual(
      response.body.errors?.map(({ message, path }) => ({ message, path })),
      [{ message: 'must failed', path: ['must'] }],
    );
    assert.equal(loose.graphqlBodies.length, before + 1, 'answered by the split: one call each');
  });

  it('nulls only the failed field when it is nullable, beside the other part\'s fields', async () => {
    const before = strict.graphqlBodies.length;
    const response = await postGraphql(gateway.url, { query: '{ maybe also }' });
    assert.deepEqual(response.body.data, { maybe: null, also: 'ok' });
    assert.deepEqual(JSON.parse(strict.graphqlBodies[before] ?? '{}'), { query: '{\n  also\n}' });
    assert.deepEqual(response.body.errors?.map(({ message, path }) => ({ message, path })), [{ message: 'maybe failed', path: ['maybe'] }]);
  });
});
