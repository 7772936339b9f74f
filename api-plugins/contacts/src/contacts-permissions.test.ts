import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createGraphQLClient, logIn, startTestPlatform, type GraphQLClient, type TestPlatform } from '@lattice/platform/test-kit';
import { contactsPlugin } from './plugin.js';

let platform: TestPlatform;
let member: GraphQLClient;
const run = randomBytes(3).toString('hex');

async function userClient(role: 'member' | 'admin'): Promise<GraphQLClient> {
  const email = `${role}-${run}@lattice.test`;
  const password = `${role}-password-1`;
  const added = await platform.graphql('mutation ($email: String!, $password: String!, $role: UserRole!) { usersAdd(email: $email, password: $password, role: $role) { _id } }', {
    email,
    password,
    role,
  });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  const url = `${platform.gatewayUrl}/graphql`;
  return createGraphQLClient(url, { cookie: await logIn(url, { email, password }) });
}

/** The core learns the contacts plugin's actions from its host's announcement over the broker: wait for it, bounded. */
async function waitForAnnouncement(client: GraphQLClient): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const me = await client<{ currentUser: { permissions: string[] } }>('{ currentUser { permissions } }');
    if (me.data?.currentUser.permissions.includes('contacts:showCustomers')) return;
    if (Date.now() > deadline) assert.fail(`contacts' actions never reached the core: ${JSON.stringify(me)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
