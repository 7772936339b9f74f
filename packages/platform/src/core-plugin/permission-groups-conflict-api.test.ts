import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '../test-kit/index.js';

// Issue 37: an edit of a permission group names the `updatedAt` it read and is refused with CONFLICT when the
// group changed since; without it the edit goes through as before. A name of spaces is BAD_USER_INPUT.
let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [] });
});
after(async () => {
  await platform?.stop();
});

interface Group {
  _id: string;
  name: string;
  builtIn: string | null;
  updatedAt: string | null;
}
const edit = 'mutation ($id: String!, $name: String, $updatedAt: Date) { permissionGroupsEdit(_id: $id, name: $name, updatedAt: $updatedAt) { _id name updatedAt } }';

async function groups(): Promise<Group[]> {
  const listed = await platform.graphql<{ permissionGroups: Group[] }>('{ permissionGroups { _id name builtIn updatedAt } }');
  assert.equal(listed.errors, undefined, JSON.stringify(listed.errors));
  return listed.data!.permissionGroups;
}

describe('permissionGroupsEdit with updatedAt', () => {
  it("refuses an edit of a group of an admin's own over a newer change with CONFLICT, and keeps the newer name", async () => {
    const added = await platform.graphql<{ permissionGroupsAdd: { _id: string; updatedAt: string } }>('mutation { permissionGroupsAdd(name: "Night shift") { _id updatedAt } }');
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const { _id: id, updatedAt: read } = added.data!.permissionGroupsAdd;
    assert.ok(read, 'a new group has an updatedAt');

    const first = await platform.graphql<{ permissionGroupsEdit: { updatedAt: string } }>(edit, { id, name: 'Night team', updatedAt: read });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    assert.notEqual(first.data!.permissionGroupsEdit.updatedAt, read, 'the edit moves updatedAt on');

    const stale = await platform.graphql(edit, { id, name: 'Late shift', updatedAt: read });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    assert.equal((await groups()).find((group) => group._id === id)?.name, 'Night team');

    const current = await platform.graphql(edit, { id, name: 'Late shift', updatedAt: first.data!.permissionGroupsEdit.updatedAt });
    assert.equal(current.errors, undefined, JSON.stringify(current.errors));
    const unchecked = await platform.graphql(edit, { id, name: 'Evening shift' });
    assert.equal(unchecked.errors, undefined, 'without updatedAt there is no check');
    assert.equal((await groups()).find((group) => group._id === id)?.name, 'Evening shift');
  });

  it('a built-in group never changed is read with updatedAt null; a second edit from that read is a CONFLICT', async () => {
    const members = (await groups()).find((group) => group.builtIn === 'member')!;
    assert.equal(members.updatedAt, null);
    const first = await platform.graphql(edit, { id: members._id, name: 'Staff', updatedAt: null });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    const stale = await platform.graphql(edit, { id: members._id, name: 'Team', updatedAt: null });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    assert.equal((await groups()).find((group) => group._id === members._id)?.name, 'Staff');
  });

  it("permissionGroupsSetMembers from an old read is a CONFLICT and leaves the members as they were", async () => {
    const added = await platform.graphql<{ permissionGroupsAdd: { _id: string; updatedAt: string } }>('mutation { permissionGroupsAdd(name: "Weekend") { _id updatedAt } }');
    const { _id: id, updatedAt: read } = added.data!.permissionGroupsAdd;
    const owner = await platform.graphql<{ currentUser: { _id: string } }>('{ currentUser { _id } }');
    const set = 'mutation ($id: String!, $userIds: [String!]!, $updatedAt: Date) { permissionGroupsSetMembers(_id: $id, userIds: $userIds, updatedAt: $updatedAt) { _id updatedAt members { _id } } }';
    const first = await platform.graphql(set, { id, userIds: [owner.data!.currentUser._id], updatedAt: read });
    assert.equal(first.errors, undefined, JSON.stringify(first.errors));
    const stale = await platform.graphql(set, { id, userIds: [], updatedAt: read });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT', JSON.stringify(stale));
    const members = await platform.graphql<{ permissionGroups: Array<{ _id: string; members: Array<{ _id: string }> }> }>('{ permissionGroups { _id members { _id } } }');
    assert.deepEqual(members.data!.permissionGroups.find((group) => group._id === id)?.members, [{ _id: owner.data!.currentUser._id }]);
  });

  it('refuses a group name of spaces with BAD_USER_INPUT, on add and on edit', async () => {
    const add = await platform.graphql('mutation { permissionGroupsAdd(name: "   ") { _id } }');
    assert.equal(add.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(add));
    const owners = (await groups()).find((group) => group.builtIn === 'owner')!;
    const renamed = await platform.graphql(edit, { id: owners._id, name: '   ' });
    assert.equal(renamed.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(renamed));
  });
});
