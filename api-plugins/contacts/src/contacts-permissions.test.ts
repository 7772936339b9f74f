import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createGraphQLClient, logIn, startTestPlatform, waitFor, type GraphQLClient, type TestPlatform } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { contactsPlugin } from './plugin.js';

let platform: TestPlatform;
let member: GraphQLClient;
let memberId: string;
const run = randomBytes(3).toString('hex');

async function userClient(role: 'member' | 'admin'): Promise<GraphQLClient> {
  const email = `${role}-${run}@lattice.test`;
  const password = `${role}-password-1`;
  const added = await platform.graphql<{ usersAdd: { _id: string } }>('mutation ($email: String!, $password: String!, $role: UserRole!) { usersAdd(email: $email, password: $password, role: $role) { _id } }', {
    email,
    password,
    role,
  });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  memberId = added.data!.usersAdd._id;
  const url = `${platform.gatewayUrl}/graphql`;
  return createGraphQLClient(url, { cookie: await logIn(url, { email, password }) });
}

/** The core learns the contacts plugin's actions from its host's announcement over the broker: wait for it, bounded. */
async function waitForAnnouncement(client: GraphQLClient): Promise<void> {
  const me = await waitFor(
    () => client<{ currentUser: { permissions: string[] } }>('{ currentUser { permissions } }'),
    (answer) => !!answer.data?.currentUser.permissions.includes('contacts:showCustomers'),
    { timeoutMs: 20_000, intervalMs: 100 },
  );
  assert.ok(me.data?.currentUser.permissions.includes('contacts:showCustomers'), `contacts' actions never reached the core: ${JSON.stringify(me)}`);
}

before(async () => {
  platform = await startTestPlatform({ plugins: [contactsPlugin] });
  member = await userClient('member');
  await waitForAnnouncement(member);
});
after(async () => {
  await platform?.stop();
});

describe('contacts permissions', () => {
  it('lets a member add and edit a customer but refuses the removal with FORBIDDEN, keeping the customer', async () => {
    const added = await member<{ customersAdd: { _id: string } }>('mutation ($email: String!) { customersAdd(primaryEmail: $email) { _id } }', {
      email: `kept.${run}@example.com`,
    });
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const id = added.data!.customersAdd._id;
    const edited = await member('mutation ($id: String!) { customersEdit(_id: $id, firstName: "Kept") { _id } }', { id });
    assert.equal(edited.errors, undefined, JSON.stringify(edited.errors));

    const removal = await member('mutation ($id: String!) { customersRemove(_id: $id) }', { id });
    assert.equal(removal.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(removal));
    assert.match(removal.errors![0]!.message, /"contacts:removeCustomers"/);
    const still = await platform.graphql<{ customerDetail: { firstName: string } | null }>('query ($id: String!) { customerDetail(_id: $id) { firstName } }', { id });
    assert.deepEqual(still.data, { customerDetail: { firstName: 'Kept' } });

    const byOwner = await platform.graphql('mutation ($id: String!) { customersRemove(_id: $id) }', { id });
    assert.equal(byOwner.errors, undefined, JSON.stringify(byOwner.errors));
  });
});

async function addCustomer(email: string): Promise<string> {
  const added = await platform.graphql<{ customersAdd: { _id: string } }>('mutation ($email: String!) { customersAdd(primaryEmail: $email) { _id } }', { email });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return added.data!.customersAdd._id;
}

/** Tries the removal until it gives `code` (null: it succeeded), for at most 5 s: the time a change may take to reach every host. */
async function removalWithin5s(email: string, code: string | null): Promise<number> {
  const started = Date.now();
  for (;;) {
    const id = await addCustomer(`${Date.now()}.${email}`);
    const removal = await member('mutation ($id: String!) { customersRemove(_id: $id) }', { id });
    const got = (removal.errors?.[0]?.extensions?.code as string | undefined) ?? null;
    if (got === code) return Date.now() - started;
    if (Date.now() - started > 5_000) assert.fail(`the removal still answered ${got ?? 'success'} after 5 s, not ${code ?? 'success'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a group grants contacts:removeCustomers', () => {
  it('refuses a member a merge with FORBIDDEN (contacts:mergeCustomers, owners and admins), keeping both customers', async () => {
    const ids: string[] = [];
    for (const name of ['merge-keep', 'merge-twin']) {
      const added = await platform.graphql<{ customersAdd: { _id: string } }>('mutation ($email: String!) { customersAdd(primaryEmail: $email) { _id } }', {
        email: `${name}.${run}@example.com`,
      });
      ids.push(added.data!.customersAdd._id);
    }
    const merge = await member('mutation ($keep: String!, $merge: String!) { customersMerge(keepId: $keep, mergeId: $merge) { _id } }', { keep: ids[0], merge: ids[1] });
    assert.equal(merge.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(merge));
    assert.match(merge.errors![0]!.message, /"contacts:mergeCustomers"/);
    const both = await platform.graphql<{ customersTotalCount: number }>('query ($s: String) { customersTotalCount(searchValue: $s) }', { s: `.${run}@example.com` });
    assert.ok((both.data?.customersTotalCount ?? 0) >= 2);
  });

  it('a member can remove a customer within 5 s of joining a group with the action, and not within 5 s of its withdrawal', async () => {
    await removalWithin5s(`before.${run}@example.com`, 'FORBIDDEN');
    const group = await platform.graphql<{ permissionGroupsAdd: { _id: string; actions: string[] } }>(
      'mutation { permissionGroupsAdd(name: "Customer cleaners", actions: ["contacts:removeCustomers"]) { _id actions } }',
    );
    assert.equal(group.errors, undefined, JSON.stringify(group.errors));
    const groupId = group.data!.permissionGroupsAdd._id;
    assert.deepEqual(group.data!.permissionGroupsAdd.actions, ['contacts:removeCustomers']);
    const joined = await platform.graphql<{ permissionGroupsSetMembers: { members: Array<{ _id: string }> } }>(
      'mutation ($id: String!, $users: [String!]!) { permissionGroupsSetMembers(_id: $id, userIds: $users) { members { _id } } }',
      { id: groupId, users: [memberId] },
    );
    assert.deepEqual(joined.data?.permissionGroupsSetMembers.members, [{ _id: memberId }], JSON.stringify(joined.errors));
    await removalWithin5s(`granted.${run}@example.com`, null);

    const withdrawn = await platform.graphql('mutation ($id: String!) { permissionGroupsEdit(_id: $id, actions: []) { _id } }', { id: groupId });
    assert.equal(withdrawn.errors, undefined, JSON.stringify(withdrawn.errors));
    await removalWithin5s(`withdrawn.${run}@example.com`, 'FORBIDDEN');
  });

  it("a user's own denial beats their groups', and a grant of an action nobody declares is refused", async () => {
    const denied = await platform.graphql('mutation ($id: String!) { usersSetPermissionOverrides(_id: $id, grants: [], denials: ["contacts:manageCustomers"]) { denials } }', { id: memberId });
    assert.deepEqual(denied.data, { usersSetPermissionOverrides: { denials: ['contacts:manageCustomers'] } }, JSON.stringify(denied.errors));
    const started = Date.now();
    for (;;) {
      const attempt = await member('mutation ($email: String!) { customersAdd(primaryEmail: $email) { _id } }', { email: `denied.${Date.now()}.${run}@example.com` });
      if (attempt.errors?.[0]?.extensions?.code === 'FORBIDDEN') break;
      if (Date.now() - started > 5_000) assert.fail('the denial did not take effect within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const typo = await platform.graphql('mutation ($id: String!) { usersSetPermissionOverrides(_id: $id, grants: ["contacts:removeCustomer"], denials: []) { _id } }', { id: memberId });
    assert.equal(typo.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(typo.errors![0]!.message, /No plugin declares "contacts:removeCustomer"/);
    const byMember = await member('mutation ($id: String!) { usersSetPermissionOverrides(_id: $id, grants: ["contacts:removeCustomers"], denials: []) { _id } }', { id: memberId });
    assert.equal(byMember.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });
});

describe('an upgraded database', () => {
  it('keeps the rights of a user stored before groups existed (no grants, denials or groups): their role\'s built-in group', async () => {
    // A user row as the core wrote it before this issue, copied from the member (same password hash) under another e-mail.
    const connection = await mongoose.createConnection(platform.mongoUrl).asPromise();
    try {
      const { databases } = await connection.db!.admin().listDatabases();
      const coreDb = connection.useDb(databases.map((database) => database.name).find((name) => name.endsWith('-core'))!);
      const users = coreDb.collection('users');
      const template = await users.findOne({ email: `member-${run}@lattice.test` });
      assert.ok(template);
      const oldEmail = `old-member-${run}@lattice.test`;
      await users.insertOne({ email: oldEmail, role: 'member', passwordHash: template.passwordHash, isActive: true, createdAt: new Date('2026-01-01') });
      await coreDb.collection('permission_groups').deleteMany({ builtIn: { $exists: true } });
      const url = `${platform.gatewayUrl}/graphql`;
      const old = createGraphQLClient(url, { cookie: await logIn(url, { email: oldEmail, password: 'member-password-1' }) });
      const me = await old<{ currentUser: { permissions: string[]; groupIds: string[]; grants: string[] } }>('{ currentUser { permissions groupIds grants } }');
      assert.deepEqual(me.data?.currentUser.groupIds, ['members'], JSON.stringify(me));
      assert.deepEqual(me.data?.currentUser.grants, []);
      for (const action of ['contacts:showCustomers', 'contacts:manageCustomers']) assert.ok(me.data!.currentUser.permissions.includes(action), action);
      assert.ok(!me.data!.currentUser.permissions.includes('contacts:removeCustomers'));
      const added = await old('mutation ($email: String!) { customersAdd(primaryEmail: $email) { _id } }', { email: `by-old.${run}@example.com` });
      assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    } finally {
      await connection.close();
    }
  });
});
