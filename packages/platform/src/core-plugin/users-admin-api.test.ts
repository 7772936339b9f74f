import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { prolongLoginLocks } from '@lattice/plugin-core/test-kit';
import { definePlugin } from '@lattice/plugin-sdk';
import { logIn, startTestPlatform, type TestPlatform } from '../test-kit/index.js';

// A plugin with permissions of its own: the core learns them from its host's announcement.
const widgetsPlugin = definePlugin({
  name: 'widgets',
  operations: { Query: { widgetCount: 'viewWidgets' } },
  permissions: {
    widgets: {
      description: 'Widgets',
      actions: {
        viewWidgets: { description: 'See widgets', roles: ['owner', 'admin', 'member'] },
        manageWidgets: { description: 'Change widgets', roles: ['owner', 'admin'] },
      },
    },
  },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Query { widgetCount: Int }
    `,
    resolvers: { Query: { widgetCount: () => 0 } },
  }),
});

let platform: TestPlatform;
let graphqlUrl: string;

before(async () => {
  platform = await startTestPlatform({ plugins: [widgetsPlugin] });
  graphqlUrl = `${platform.gatewayUrl}/graphql`;
});
after(async () => {
  await platform?.stop();
});

interface ListedUser {
  _id: string;
  email: string;
  locked: boolean;
}

async function addUser(email: string, role: string) {
  const password = `${role} password 123`;
  const added = await platform.graphql<{ usersAdd: { _id: string } }>(
    'mutation ($email: String!, $password: String!, $role: UserRole) { usersAdd(email: $email, password: $password, role: $role) { _id } }',
    { email, password, role },
  );
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return { _id: added.data!.usersAdd._id, email, password };
}

async function loginFrom(credentials: { email: string; password: string }, address: string) {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }', variables: credentials }),
  });
  return (await response.json()) as { errors?: Array<{ message: string }> };
}

async function lockedOf(email: string): Promise<boolean | undefined> {
  const listed = await platform.graphql<{ users: ListedUser[] }>('{ users { _id email locked } }');
  assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
  return listed.data!.users.find((user) => user.email === email)?.locked;
}

describe('unlocking a user locked by failed logins', () => {
  it('shows the lock, refuses a member, and lets an admin unlock so the right password works again', async () => {
    const user = await addUser('locked.out@example.com', 'member');
    const admin = await addUser('unlocking.admin@example.com', 'admin');
    const from = '198.51.100.40';
    assert.equal(await lockedOf(user.email), false);
    for (let attempt = 0; attempt < 5; attempt += 1) await loginFrom({ email: user.email, password: `wrong ${attempt}` }, from);
    // The fifth wrong password earned a one-second wait; a longer attack's wait keeps the checks below from racing it.
    await prolongLoginLocks(platform.mongoUrl, user.email, 15);
    assert.match((await loginFrom(user, from)).errors?.[0]?.message ?? '', /^Too many failed logins/);
    assert.equal(await lockedOf(user.email), true);

    const unlock = 'mutation ($id: String!) { usersUnlock(_id: $id) { email locked } }';
    const memberCookie = await logIn(graphqlUrl, await addUser('not.allowed@example.com', 'member'));
    const refused = await platform.anonymousGraphql(unlock, { id: user._id }, { cookie: memberCookie });
    assert.equal(refused.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    assert.equal(await lockedOf(user.email), true, 'a refused unlock changes nothing');

    const adminCookie = await logIn(graphqlUrl, admin);
    const unlocked = await platform.anonymousGraphql(unlock, { id: user._id }, { cookie: adminCookie });
    assert.deepEqual(unlocked.errors, undefined);
    assert.deepEqual(unlocked.data, { usersUnlock: { email: user.email, locked: false } });
    assert.equal(await lockedOf(user.email), false);
    assert.equal((await loginFrom(user, from)).errors, undefined, 'the right password logs in from the address that was locked');
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    const answer = await platform.graphql('mutation { usersUnlock(_id: "0123456789abcdef01234567") { _id } }');
    assert.equal(answer.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });
});

describe('currentUser.permissions', () => {
  async function permissionsOf(cookie: string): Promise<string[]> {
    const me = await platform.anonymousGraphql<{ currentUser: { permissions: string[] } }>('{ currentUser { permissions } }', undefined, { cookie });
    assert.equal(me.errors, undefined, JSON.stringify(me.errors));
    return me.data!.currentUser.permissions;
  }

  it("lists what the user's role may do in the core and in every plugin that announced its permissions", async () => {
    const ownerCookie = await logIn(graphqlUrl, platform.owner);
    // The announcement reaches the core through the broker after the plugin's host started: wait for it, bounded.
    let owner = await permissionsOf(ownerCookie);
    for (let waited = 0; !owner.includes('widgets:manageWidgets') && waited < 10_000; waited += 100) {
      await delay(100);
      owner = await permissionsOf(ownerCookie);
    }
    for (const name of ['core:showUsers', 'core:manageUsers', 'core:unlockUsers', 'widgets:manageWidgets', 'widgets:viewWidgets']) assert.ok(owner.includes(name), `owner lacks ${name}: ${owner.join()}`);

    const member = await permissionsOf(await logIn(graphqlUrl, await addUser('plain.member@example.com', 'member')));
    assert.ok(member.includes('widgets:viewWidgets'), member.join());
    for (const name of ['core:showUsers', 'core:manageUsers', 'core:unlockUsers', 'widgets:manageWidgets']) assert.ok(!member.includes(name), `member has ${name}`);

    const admin = await permissionsOf(await logIn(graphqlUrl, await addUser('plain.admin@example.com', 'admin')));
    for (const name of ['core:showUsers', 'core:unlockUsers', 'widgets:manageWidgets']) assert.ok(admin.includes(name), `admin lacks ${name}`);
    assert.ok(!admin.includes('core:manageUsers'), 'only owners manage users');
  });

  it('is null for a visitor who is not logged in', async () => {
    const anonymous = await platform.anonymousGraphql('{ currentUser { permissions } }');
    assert.deepEqual(anonymous.data, { currentUser: null });
  });
});
