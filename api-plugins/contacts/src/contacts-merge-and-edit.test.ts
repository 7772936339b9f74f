import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { MessageBroker } from '@lattice/broker';
import { conversationsMoveCustomerQueue, customersFindOneQueue, type CustomerRecord } from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import { connectTestBroker, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { contactsPlugin } from './plugin.js';

// The inbox's side of the move, as its contract says: conversation id → customer id, kept in memory.
const conversations = new Map<string, string>();
let inboxRefuses = false;

let platform: TestPlatform;
let broker: MessageBroker;
const run = randomBytes(3).toString('hex');

before(async () => {
  ({ broker } = await connectTestBroker('contacts-merge-test'));
  await consumeContract(broker, conversationsMoveCustomerQueue, async ({ fromCustomerId, toCustomerId, conversationIds }) => {
    if (inboxRefuses) throw new Error('the inbox database is down');
    const movedIds: string[] = [];
    for (const [id, customerId] of conversations) {
      if (customerId !== fromCustomerId || (conversationIds && !conversationIds.includes(id))) continue;
      conversations.set(id, toCustomerId);
      movedIds.push(id);
    }
    return { movedIds };
  });
  platform = await startTestPlatform({ plugins: [contactsPlugin], broker });
});
after(async () => {
  await platform?.stop();
  await broker?.close();
});

interface Customer {
  _id: string;
  primaryEmail: string;
  emails: string[];
  firstName: string | null;
  lastName: string | null;
  updatedAt: string | null;
}
const fields = '_id primaryEmail emails firstName lastName updatedAt';

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

async function add(primaryEmail: string, firstName?: string, lastName?: string): Promise<Customer> {
  const data = await ok<{ customersAdd: Customer }>(
    `mutation ($e: String!, $f: String, $l: String) { customersAdd(primaryEmail: $e, firstName: $f, lastName: $l) { ${fields} } }`,
    { e: primaryEmail, f: firstName, l: lastName },
  );
  return data.customersAdd;
}

const detail = (id: string) => platform.graphql<{ customerDetail: Customer }>(`query ($id: String!) { customerDetail(_id: $id) { ${fields} } }`, { id });

const editMutation = `mutation ($id: String!, $firstName: String, $updatedAt: Date) {
  customersEdit(_id: $id, firstName: $firstName, updatedAt: $updatedAt) { ${fields} }
}`;

describe('editing a customer as read', () => {
  it('saves with the updatedAt the client read and answers a new one', async () => {
    const customer = await add(`read.${run}@example.com`, 'Ann');
    assert.ok(customer.updatedAt, 'a new customer carries updatedAt');
    const { customersEdit } = await ok<{ customersEdit: Customer }>(editMutation, { id: customer._id, firstName: 'Anna', updatedAt: customer.updatedAt });
    assert.equal(customersEdit.firstName, 'Anna');
    assert.ok(customersEdit.updatedAt && Date.parse(customersEdit.updatedAt) >= Date.parse(customer.updatedAt));
  });

  it('refuses an edit of an old version with CONFLICT and stores nothing', async () => {
    const customer = await add(`conflict.${run}@example.com`, 'First');
    await ok(editMutation, { id: customer._id, firstName: 'Second tab', updatedAt: customer.updatedAt });
    const stale = await platform.graphql(editMutation, { id: customer._id, firstName: 'First tab', updatedAt: customer.updatedAt });
    assert.equal(stale.errors?.[0]?.extensions?.code, 'CONFLICT');
    assert.equal(stale.errors?.[0]?.message, 'Someone else changed this customer after you opened it');
    assert.equal((await detail(customer._id)).data?.customerDetail.firstName, 'Second tab');
    // Without updatedAt the edit is not checked (older clients, scripts).
    const unchecked = await ok<{ customersEdit: Customer }>(editMutation, { id: customer._id, firstName: 'Anyway' });
    assert.equal(unchecked.customersEdit.firstName, 'Anyway');
  });

  it('sorts the list by a field either way and refuses a field it cannot sort by', async () => {
    const tag = `sort${run}`;
    await add(`${tag}-b@example.com`, 'Bea');
    await add(`${tag}-a@example.com`, 'Cid');
    await add(`${tag}-c@example.com`, 'Abe');
    const sorted = (field: string, direction: string) =>
      ok<{ customers: Array<{ firstName: string }> }>('query ($s: String, $f: String, $d: String) { customers(searchValue: $s, sortField: $f, sortDirection: $d) { firstName } }', {
        s: tag,
        f: field,
        d: direction,
      });
    assert.deepEqual((await sorted('firstName', 'asc')).customers.map((c) => c.firstName), ['Abe', 'Bea', 'Cid']);
    assert.deepEqual((await sorted('primaryEmail', 'desc')).customers.map((c) => c.firstName), ['Abe', 'Bea', 'Cid']);
    const bad = await platform.graphql('{ customers(sortField: "password") { _id } }');
    assert.equal(bad.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(bad.errors?.[0]?.message ?? '', /sortField must be one of/);
  });
});

const mergeMutation = `mutation ($keep: String!, $merge: String!) { customersMerge(keepId: $keep, mergeId: $merge) { ${fields} } }`;

describe('merging two customers that are one person', () => {
  it("moves the other's conversations to the kept customer, keeps its addresses and names, and removes it", async () => {
    const keep = await add(`keep.${run}@example.com`, undefined, 'Lovelace');
    const twin = await add(`twin.${run}@example.org`, 'Ada', 'Byron');
    conversations.set(`conv-a-${run}`, twin._id).set(`conv-b-${run}`, twin._id).set(`conv-k-${run}`, keep._id);

    const { customersMerge } = await ok<{ customersMerge: Customer }>(mergeMutation, { keep: keep._id, merge: twin._id });
    assert.equal(customersMerge._id, keep._id);
    assert.equal(customersMerge.primaryEmail, `keep.${run}@example.com`);
    assert.deepEqual(customersMerge.emails, [`keep.${run}@example.com`, `twin.${run}@example.org`]);
    assert.equal(customersMerge.firstName, 'Ada', 'a name the kept customer lacked comes over');
    assert.equal(customersMerge.lastName, 'Lovelace', "the kept customer's own name stays");
    assert.deepEqual([conversations.get(`conv-a-${run}`), conversations.get(`conv-b-${run}`), conversations.get(`conv-k-${run}`)], [keep._id, keep._id, keep._id]);
    assert.equal((await detail(twin._id)).errors?.[0]?.extensions?.code, 'NOT_FOUND');
    // Mail from the merged address finds the kept customer, not a new one.
    const found = await broker.sendRPCMessage<CustomerRecord>(customersFindOneQueue.name, { primaryEmail: `twin.${run}@example.org` });
    assert.equal(found._id, keep._id);
  });

  it('refuses bad input clearly: itself, an unknown customer, a malformed id', async () => {
    const one = await add(`self.${run}@example.com`);
    const itself = await platform.graphql(mergeMutation, { keep: one._id, merge: one._id.toUpperCase() });
    assert.deepEqual(itself.errors?.map((error) => [error.extensions?.code, error.message]), [['BAD_USER_INPUT', 'A customer cannot be merged into itself']]);
    const unknown = await platform.graphql(mergeMutation, { keep: one._id, merge: '0123456789abcdef01234567' });
    assert.deepEqual(unknown.errors?.map((error) => [error.extensions?.code, error.message]), [['NOT_FOUND', 'Customer not found']]);
    const malformed = await platform.graphql(mergeMutation, { keep: one._id, merge: 'nope' });
    assert.equal(malformed.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(malformed.errors?.[0]?.message ?? '', /mergeId/);
    assert.equal((await detail(one._id)).data?.customerDetail.primaryEmail, `self.${run}@example.com`);
  });

  it('changes nothing when the inbox cannot move the conversations', async () => {
    const keep = await add(`kept2.${run}@example.com`, 'Kim');
    const twin = await add(`twin2.${run}@example.com`, 'Kimberly');
    conversations.set(`conv-x-${run}`, twin._id);
    inboxRefuses = true;
    try {
      const refused = await platform.graphql(mergeMutation, { keep: keep._id, merge: twin._id });
      assert.equal(refused.errors?.[0]?.extensions?.code, 'PLUGIN_UNAVAILABLE');
    } finally {
      inboxRefuses = false;
    }
    assert.equal(conversations.get(`conv-x-${run}`), twin._id);
    assert.deepEqual((await detail(twin._id)).data?.customerDetail.emails, [`twin2.${run}@example.com`]);
    assert.deepEqual((await detail(keep._id)).data?.customerDetail.emails, [`kept2.${run}@example.com`]);
  });
});
