import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';
import { definePlugin, type PluginRequestContext } from '@lattice/plugin-sdk';
import { connectTestBroker, logIn, startTestPlatform, subscribeOverWebSocket, type TestPlatform, type TestSubscription } from '../test-kit/index.js';

// Revocation reaches every subgraph: this plugin is one more, beside the core, with a query and a subscription.
const channel = `sessions-test-${randomBytes(4).toString('hex')}`;
const probePlugin = definePlugin({
  name: 'probe',
  operations: { Query: { whoAmI: 'authenticated' }, Mutation: { poke: 'authenticated' }, Subscription: { poked: 'authenticated' } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query { whoAmI: String }
      type Mutation { poke: Boolean }
      type Subscription { poked: String }
    `,
    resolvers: {
      Query: { whoAmI: (_: unknown, __: unknown, context: PluginRequestContext) => `${context.user?.email} ${context.user?.role}` },
      Mutation: {
        poke: async (_: unknown, __: unknown, context: PluginRequestContext) => {
          await context.pubsubClient.publish(channel, { poked: 'poke' });
          return true;
        },
      },
      Subscription: { poked: { subscribe: (_: unknown, __: unknown, context: PluginRequestContext) => context.pubsubClient.asyncIterableIterator(channel) } },
    },
  }),
});

let platform: TestPlatform;
let graphqlUrl: string;
let stopBroker: () => Promise<void>;
const open: TestSubscription[] = [];

before(async () => {
  const { broker } = await connectTestBroker('sessions-api-test');
  stopBroker = () => broker.close();
  platform = await startTestPlatform({ plugins: [probePlugin], broker });
  graphqlUrl = `${platform.gatewayUrl}/graphql`;
});
after(async () => {
  await Promise.all(open.map((subscription) => subscription.close()));
  await platform?.stop();
  await stopBroker?.();
});

let userCount = 0;
async function addUser(role: 'admin' | 'member') {
  userCount += 1;
  const email = `session.user.${userCount}@example.com`;
  const password = 'session user password';
  const added = await platform.graphql<{ usersAdd: { _id: string } }>(
    'mutation ($email: String!, $password: String!, $role: UserRole) { usersAdd(email: $email, password: $password, role: $role) { _id } }',
    { email, password, role },
  );
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  const cookie = await logIn(graphqlUrl, { email, password });
  return { _id: added.data!.usersAdd._id, email, password, cookie };
}

const as = (cookie: string, query: string, variables?: Record<string, unknown>) => platform.anonymousGraphql(query, variables, { cookie });

/** A live subscription of that cookie to the probe plugin, through the gateway's websocket. */
async function openSubscription(cookie: string) {
  const poked = subscribeOverWebSocket<{ poked: string }>(graphqlUrl, { query: 'subscription { poked }' }, { cookie });
  open.push(poked as TestSubscription);
  const first = await poked.untilResult(() => platform.graphql('mutation { poke }'));
  assert.deepEqual(first.data, { poked: 'poke' });
  return poked;
}

/**
 * After `revoke`, the old cookie is refused on the probe subgraph and the core within 5 s, and its open
 * subscription ends with UNAUTHENTICATED then `complete` within 5 s.
 */
async function assertRevokedWithin5s(cookie: string, subscription: TestSubscription<{ poked: string }>, revoke: () => Promise<unknown>) {
  const startedAt = Date.now();
  await revoke();
  const ended = (async () => {
    let last = await subscription.next(6_000);
    while (last.data) last = await subscription.next(6_000);
    assert.equal(last.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(last));
    assert.deepEqual(await subscription.end(1_000), { kind: 'complete' });
    return Date.now() - startedAt;
  })();
  let probe = await as(cookie, '{ whoAmI }');
  while (!probe.errors && Date.now() - startedAt < 6_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    probe = await as(cookie, '{ whoAmI }');
  }
  const refusedAfter = Date.now() - startedAt;
  assert.equal(probe.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(probe));
  assert.ok(refusedAfter < 5_000, `the old cookie was refused ${refusedAfter} ms after the change`);
  assert.deepEqual((await as(cookie, '{ currentUser { email } }')).data, { currentUser: null }, 'the core no longer knows the cookie');
  const endedAfter = await ended;
  assert.ok(endedAfter < 5_000, `the subscription ended ${endedAfter} ms after the change`);
}

describe('identity changes take effect within 5 s on every subgraph and open subscription', () => {
  it('demote: the old cookie of an admin made member is refused, and a new login has the new role', async () => {
    const admin = await addUser('admin');
    assert.deepEqual((await as(admin.cookie, '{ whoAmI }')).data, { whoAmI: `${admin.email} admin` });
    const subscription = await openSubscription(admin.cookie);
    await assertRevokedWithin5s(admin.cookie, subscription, () =>
      platform.graphql('mutation ($id: String!) { usersSetRole(_id: $id, role: member) { role } }', { id: admin._id }),
    );
    const again = await logIn(graphqlUrl, admin);
    assert.deepEqual((await as(again, '{ whoAmI }')).data, { whoAmI: `${admin.email} member` });
    assert.equal((await as(again, '{ users { email } }')).errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });

  it('deactivate: the old cookie is refused and no new login is possible', async () => {
    const member = await addUser('member');
    const subscription = await openSubscription(member.cookie);
    await assertRevokedWithin5s(member.cookie, subscription, () =>
      platform.graphql('mutation ($id: String!) { usersDeactivate(_id: $id) { isActive } }', { id: member._id }),
    );
    await assert.rejects(logIn(graphqlUrl, member), /Wrong e-mail or password/);
  });

  it('log out: the logged-out cookie is refused even when a client keeps sending it', async () => {
    const member = await addUser('member');
    const other = await logIn(graphqlUrl, member);
    const subscription = await openSubscription(member.cookie);
    await assertRevokedWithin5s(member.cookie, subscription, () => as(member.cookie, 'mutation { logout }'));
    assert.deepEqual((await as(other, '{ whoAmI }')).data, { whoAmI: `${member.email} member` }, "the same user's other login stays");
  });

  it('change password: every old cookie is refused, the request that changed it gets a new one', async () => {
    const member = await addUser('member');
    const subscription = await openSubscription(member.cookie);
    let changed: Awaited<ReturnType<typeof as>> | undefined;
    await assertRevokedWithin5s(member.cookie, subscription, async () => {
      changed = await as(member.cookie, 'mutation { usersChangePassword(currentPassword: "session user password", newPassword: "a brand new password") { email } }');
      assert.equal(changed.errors, undefined, JSON.stringify(changed.errors));
    });
    const fresh = changed!.headers.getSetCookie().map((header) => header.split(';')[0] ?? '').find((pair) => pair.startsWith('auth-token='));
    assert.ok(fresh);
    assert.deepEqual((await as(fresh, '{ whoAmI }')).data, { whoAmI: `${member.email} member` });
    await assert.rejects(logIn(graphqlUrl, member), /Wrong e-mail or password/);
    await logIn(graphqlUrl, { email: member.email, password: 'a brand new password' });
  });

  it("an owner setting a password: that user's old cookie is refused", async () => {
    const member = await addUser('member');
    const subscription = await openSubscription(member.cookie);
    await assertRevokedWithin5s(member.cookie, subscription, () =>
      platform.graphql('mutation ($id: String!) { usersSetPassword(_id: $id, password: "set by the owner") { email } }', { id: member._id }),
    );
  });

  it('refuses a wrong current password without changing anything', async () => {
    const member = await addUser('member');
    const refused = await as(member.cookie, 'mutation { usersChangePassword(currentPassword: "not it at all", newPassword: "a brand new password") { email } }');
    assert.equal(refused.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.deepEqual((await as(member.cookie, '{ whoAmI }')).data, { whoAmI: `${member.email} member` });
  });
});

describe('_entities on the core subgraph obeys the users permissions', () => {
  // The gateway's API schema has no `_entities`: asked of the core subgraph itself, signed as the gateway signs.
  const entities = async (cookie: string, id: string) => {
    const body = JSON.stringify({
      query: 'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on User { email role } } }',
      variables: { representations: [{ __typename: 'User', _id: id }] },
    });
    const gateway = createSubgraphSigner(subgraphSigningKey(platform.authTokenSecret));
    const response = await fetch(`${platform.plugins.get('core')!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...gateway.headers({ audience: 'core', method: 'POST', target: '/graphql' }, body), ...(cookie ? { cookie } : {}) },
      body,
    });
    return (await response.json()) as { data?: { _entities: unknown[] } | null; errors?: Array<{ extensions?: { code?: string } }> };
  };

  it('refuses a member another user (FORBIDDEN), and answers them about themselves', async () => {
    const member = await addUser('member');
    const owner = await platform.graphql<{ currentUser: { _id: string } }>('{ currentUser { _id } }');
    const ownerId = owner.data!.currentUser._id;
    const refused = await entities(member.cookie, ownerId);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(refused));
    assert.deepEqual(refused.data?._entities, [null], 'no field of the user leaks');
    const unknownId = await entities(member.cookie, '0123456789abcdef01234567');
    assert.equal(unknownId.errors?.[0]?.extensions?.code, 'FORBIDDEN', 'guessing ids tells a member nothing');
    assert.deepEqual((await entities(member.cookie, member._id)).data, { _entities: [{ email: member.email, role: 'member' }] });
    assert.deepEqual((await entities(platform.authCookie, member._id)).data, { _entities: [{ email: member.email, role: 'member' }] });
  });

  it('refuses it without a login (UNAUTHENTICATED)', async () => {
    const refused = await entities('', '0123456789abcdef01234567');
    assert.equal(refused.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  });
});
