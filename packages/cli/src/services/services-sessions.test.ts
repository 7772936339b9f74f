import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { logIn } from '@lattice/platform/test-kit';
import { subscribeOverWebSocket } from '@lattice/gateway/test-kit';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

// Revocation across processes: the core runs in a process of its own, documents and inbox in others; they ask
// the core over RabbitMQ and hear its revocations over Redis.
let topology: ServicesTopology;
let graphqlUrl: string;
let ownerCookie: string;

before(async () => {
  topology = await startServicesTopology();
  graphqlUrl = `${topology.gatewayUrl}/graphql`;
  ownerCookie = await logIn(graphqlUrl, topology.owner);
});
after(async () => {
  await topology?.stop();
});

async function asOwner<TData>(query: string, variables?: Record<string, unknown>): Promise<TData> {
  const answer = await postGraphQL<TData>(graphqlUrl, query, { variables, cookie: ownerCookie });
  assert.equal(answer.errors, undefined, `${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data!;
}

describe('services mode: a revoked session is refused by every host within 5 s', { timeout: 300_000 }, () => {
  it('deactivate: the documents host refuses the old cookie and the inbox host ends its subscription', async () => {
    const member = { email: 'services.member@example.com', password: 'services member password' };
    const { usersAdd } = await asOwner<{ usersAdd: { _id: string } }>(
      'mutation ($email: String!, $password: String!) { usersAdd(email: $email, password: $password, role: member) { _id } }',
      member,
    );
    const cookie = await logIn(graphqlUrl, member);
    const counted = await postGraphQL<{ documentsTotalCount: number }>(graphqlUrl, '{ documentsTotalCount }', { cookie });
    assert.equal(counted.errors, undefined, JSON.stringify(counted.errors));

    const { integrationsCreateExternalIntegration: integration } = await asOwner<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
      'mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Sessions") { _id webhookToken } }',
    );
    const subscription = subscribeOverWebSocket<{ conversationChanged: { _id: string } }>(graphqlUrl, { query: 'subscription { conversationChanged { _id } }' }, { cookie });
    try {
      await subscription.untilResult(async () => {
        const response = await fetch(`${topology.integrationsUrl}/imap/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
          body: JSON.stringify({
            integrationId: integration._id,
            messageId: `<sessions-${Date.now()}@lattice.test>`,
            subject: 'Before the change',
            body: 'A live subscription',
            from: [{ name: 'Ada', address: 'ada@example.com' }],
            to: [{ name: 'Support', address: 'support@lattice.test' }],
          }),
        });
        assert.equal(response.status, 200, await response.text());
      }, { timeoutMs: 30_000 });

      const startedAt = Date.now();
      await asOwner('mutation ($id: String!) { usersDeactivate(_id: $id) { isActive } }', { id: usersAdd._id });
      const ended = (async () => {
        let last = await subscription.next(6_000);
        while (last.data) last = await subscription.next(6_000);
        assert.equal(last.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(last));
        return Date.now() - startedAt;
      })();
      let answer = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie });
      while (!answer.errors && Date.now() - startedAt < 6_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie });
      }
      const refusedAfter = Date.now() - startedAt;
      assert.equal(answer.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(answer));
      assert.ok(refusedAfter < 5_000, `the documents host refused the old cookie ${refusedAfter} ms after the change`);
      const endedAfter = await ended;
      assert.ok(endedAfter < 5_000, `the inbox host ended the subscription ${endedAfter} ms after the change`);
    } finally {
      await subscription.close();
    }
  });

  it('log out: the documents host refuses the logged-out cookie', async () => {
    const cookie = await logIn(graphqlUrl, topology.owner);
    const startedAt = Date.now();
    const logout = await postGraphQL(graphqlUrl, 'mutation { logout }', { cookie });
    assert.equal(logout.errors, undefined);
    let answer = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie });
    while (!answer.errors && Date.now() - startedAt < 6_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie });
    }
    assert.equal(answer.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
    assert.ok(Date.now() - startedAt < 5_000);
    const owner = await postGraphQL(graphqlUrl, '{ documentsTotalCount }', { cookie: ownerCookie });
    assert.equal(owner.errors, undefined, 'the other login of the same user stays');
  });
});
