import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '../test-kit/index.js';

// Issue 37: usersSetRole and usersSetPermissionOverrides name the user's `updatedAt` the client read and are
// refused with CONFLICT when the user changed since, storing nothing; without it they go through as before.
let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [] });
});
after(async () => {
  await platform?.stop();
});

interface StoredUser {
  _id: string;
  role: string;
  isActive: boolean;
  grants: string[];
  denials: string[];
  updatedAt: string | null;
}

const setRole = 'mutation ($id: String!, $role: UserRole!, $updatedAt: Date) { usersSetRole(_id: $id, role: $role, updatedAt: $updatedAt) { _id role updatedAt } }';
const setOverrides =
  'mutation ($id: String!, $grants: [String!]!, $denials: [String!]!, $updatedAt: Date) { usersSetPermissionOverrides(_id: $id, grants: $grants, denials: $denials, updatedAt: $updatedAt) { _id grants denials updatedAt } }';

async function addMember(email: string): Promise<StoredUser> {
  const added = await platform.graphql<{ usersAdd: StoredUser }>(
    'mutation ($email: String!) { usersAdd(email: $email, password: "member password 123") { _id role isActive grants denials updatedAt } }',
    { email },
  );
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return added.data!.usersAdd;
}

async function stored(id: string): Promise<StoredUser> {
  const listed = await platform.graphql<{ users: StoredUser[] }>('{ users { _id role isActive grants denials updatedAt } }');
  assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
  return listed.data!.users.find((user) => user._id === id)!;
}

describe('user edits with updatedAt', () => {
  it('usersSetRole from an old read is a CONFLICT and keeps the newer role', async () => {
    const member = await addMember('role-conflict@example.com');
    assert.ok(member.updatedAt, 'a new user has an updatedAt');
    const first = await platform.graphql<{ usersSetRole: StoredUser }>(setRole, { id: member._id, role: 'admin', updatedAt: member.updatedAt });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.notEqual(first.data!.usersSetRole.updatedAt, member.updatedAt, 'the edit moves updatedAt on');

    const stale = await platform.graphql(setRole, { id: member._id, role: 'member', updatedAt: member.updatedAt });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    const kept = await stored(member._id);
    assert.deepEqual({ role: kept.role, updatedAt: kept.updatedAt }, { role: 'admin', updatedAt: first.data!.usersSetRole.updatedAt });

    const current = await platform.graphql(setRole, { id: member._id, role: 'member', updatedAt: first.data!.usersSetRole.updatedAt });
    assert.equal(current.errors, undefined, JSON.stringify(current.errors));
    const unchecked = await platform.graphql(setRole, { id: member._id, role: 'admin' });
    assert.equal(unchecked.errors, undefined, 'without updatedAt there is no check');
    assert.equal((await stored(member._id)).role, 'admin');
  });

  it('usersSetPermissionOverrides from an old read is a CONFLICT and leaves the grants and denials as they were', async () => {
    const member = await addMember('overrides-conflict@example.com');
    const first = await platform.graphql<{ usersSetPermissionOverrides: StoredUser }>(setOverrides, { id: member._id, grants: ['core:manageUsers'], denials: [], updatedAt: member.updatedAt });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    const stale = await platform.graphql(setOverrides, { id: member._id, grants: [], denials: ['core:manageUsers'], updatedAt: member.updatedAt });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    const after = await stored(member._id);
    assert.deepEqual({ grants: after.grants, denials: after.denials, updatedAt: after.updatedAt }, { grants: ['core:manageUsers'], denials: [], updatedAt: first.data!.usersSetPermissionOverrides.updatedAt });
  });

  it('a change of another kind (deactivating) also makes an edit from the read before it a CONFLICT', async () => {
    const member = await addMember('deactivated-conflict@example.com');
    const deactivated = await platform.graphql('mutation ($id: String!) { usersDeactivate(_id: $id) { _id } }', { id: member._id });
    assert.equal(deactivated.errors, undefined, JSON.stringify(deactivated.errors));
    const stale = await platform.graphql(setRole, { id: member._id, role: 'admin', updatedAt: member.updatedAt });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    assert.equal((await stored(member._id)).role, 'member');
  });
});
