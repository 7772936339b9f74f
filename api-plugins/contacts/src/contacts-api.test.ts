import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { MessageBroker } from '@lattice/broker';
import { customersCreateQueue, customersFindOneQueue, type CustomerRecord } from '@lattice/contracts';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { contactsPlugin } from './plugin.js';
import { connectTestBroker } from '@lattice/platform/test-kit';

let platform: TestPlatform;
let broker: MessageBroker;
const run = randomBytes(3).toString('hex');

before(async () => {
  ({ broker } = await connectTestBroker('contacts-test'));
  platform = await startTestPlatform({ plugins: [contactsPlugin], broker });
});
after(async () => {
  await platform?.stop();
  await broker?.close();
});

interface CustomerResult {
  _id: string;
  primaryEmail: string;
  emails: string[];
  firstName: string | null;
  lastName: string | null;
  integrationId: string | null;
  createdAt: string;
}
const fields = '_id primaryEmail emails firstName lastName integrationId createdAt';

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

async function add(variables: Record<string, unknown>): Promise<CustomerResult> {
  const data = await ok<{ customersAdd: CustomerResult }>(
    `mutation ($primaryEmail: String!, $firstName: String, $lastName: String, $emails: [String!]) {
      customersAdd(primaryEmail: $primaryEmail, firstName: $firstName, lastName: $lastName, emails: $emails) { ${fields} }
    }`,
    variables,
  );
  return data.customersAdd;
}

describe('contacts through the gateway', () => {
  it('adds a customer with a normalised primary e-mail that is also in emails', async () => {
    const customer = await add({ primaryEmail: ` Ada.${run}@Example.COM `, firstName: 'Ada', lastName: 'Lovelace' });
    assert.equal(customer.primaryEmail, `ada.${run}@example.com`);
    assert.deepEqual(customer.emails, [`ada.${run}@example.com`]);
    assert.equal(customer.firstName, 'Ada');
    const detail = await ok<{ customerDetail: CustomerResult }>(
      `query ($id: String!) { customerDetail(_id: $id) { ${fields} } }`,
      { id: customer._id },
    );
    assert.deepEqual(detail.customerDetail, customer);
  });

  it('refuses a second customer with the same primary e-mail, and a bad address', async () => {
    await add({ primaryEmail: `twice.${run}@example.com` });
    const again = await platform.graphql(`mutation { customersAdd(primaryEmail: "TWICE.${run}@example.com") { _id } }`);
    assert.equal(again.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(again.errors?.[0]?.message ?? '', /already exists/);
    const bad = await platform.graphql('mutation { customersAdd(primaryEmail: "not an address") { _id } }');
    assert.equal(bad.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(bad.errors?.[0]?.message ?? '', /is not an e-mail address/);
  });

  it('searches by name start or e-mail part and pages newest first', async () => {
    const tag = `pg${run}`;
    for (let index = 0; index < 5; index += 1) await add({ primaryEmail: `${tag}-${index}@example.com`, firstName: `Zed${index}` });
    const page = (p: number) =>
      ok<{ customers: CustomerResult[]; customersTotalCount: number }>(
        `query ($s: String, $p: Int) { customers(searchValue: $s, page: $p, perPage: 2) { primaryEmail } customersTotalCount(searchValue: $s) }`,
        { s: tag.toUpperCase(), p },
      );
    const first = await page(1);
    assert.equal(first.customersTotalCount, 5);
    assert.deepEqual(first.customers.map((customer) => customer.primaryEmail), [`${tag}-4@example.com`, `${tag}-3@example.com`]);
    assert.deepEqual((await page(3)).customers.map((customer) => customer.primaryEmail), [`${tag}-0@example.com`]);
    const byName = await ok<{ customers: CustomerResult[] }>('{ customers(searchValue: "zed3") { primaryEmail } }');
    assert.deepEqual(byName.customers.map((customer) => customer.primaryEmail), [`${tag}-3@example.com`]);
    const operators = await ok<{ customers: CustomerResult[] }>('{ customers(searchValue: ".*") { _id } }');
    assert.deepEqual(operators.customers, [], 'the search text is literal, not a pattern');
  });

  it('edits and removes a customer; unknown ids are NOT_FOUND', async () => {
    const customer = await add({ primaryEmail: `edit.${run}@example.com`, firstName: 'Old' });
    const edited = await ok<{ customersEdit: CustomerResult }>(
      `mutation ($id: String!) { customersEdit(_id: $id, firstName: null, lastName: "New", primaryEmail: "moved.${run}@example.com") { ${fields} } }`,
      { id: customer._id },
    );
    assert.equal(edited.customersEdit.firstName, null);
    assert.equal(edited.customersEdit.lastName, 'New');
    assert.deepEqual(edited.customersEdit.emails, [`moved.${run}@example.com`, `edit.${run}@example.com`]);
    await ok('mutation ($id: String!) { customersRemove(_id: $id) }', { id: customer._id });
    const gone = await platform.graphql('query ($id: String!) { customerDetail(_id: $id) { _id } }', { id: customer._id });
    assert.equal(gone.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.equal(gone.errors?.[0]?.message, 'Customer not found');
  });

  it('needs a login', async () => {
    const response = await platform.anonymousGraphql('{ customers { _id } }');
    assert.equal(response.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  });
});

describe('contacts queues', () => {
  it('customers.findOne answers the customer or null', async () => {
    const customer = await add({ primaryEmail: `find.${run}@example.com` });
    const found = await broker.sendRPCMessage<CustomerRecord>(customersFindOneQueue.name, { primaryEmail: `FIND.${run}@example.com` });
    assert.equal(found._id, customer._id);
    assert.equal(customersFindOneQueue.reply.parse(found)?.primaryEmail, `find.${run}@example.com`);
    const none = await broker.sendRPCMessage(customersFindOneQueue.name, { primaryEmail: `nobody.${run}@example.com` });
    assert.equal(none, null);
  });

  it('customers.createCustomer creates once, even for 30 concurrent calls', async () => {
    const primaryEmail = `race.${run}@example.com`;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        broker.sendRPCMessage<CustomerRecord>(customersCreateQueue.name, { integrationId: 'i1', primaryEmail }),
      ),
    );
    assert.equal(new Set(replies.map((reply) => reply._id)).size, 1);
    assert.equal(replies[0]?.integrationId, 'i1');
    const listed = await ok<{ customersTotalCount: number }>(`{ customersTotalCount(searchValue: "race.${run}") }`);
    assert.equal(listed.customersTotalCount, 1);
  });

  it('answers an error naming the problem for a payload it cannot use', async () => {
    await assert.rejects(
      broker.sendRPCMessage(customersCreateQueue.name, { primaryEmail: 'x' }),
      (error: Error) => /integrationId/.test(error.message) && /e-mail address/.test(error.message),
    );
  });
});
