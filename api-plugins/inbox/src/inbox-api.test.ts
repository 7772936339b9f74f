import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, conversationsMoveCustomerQueue, integrationsReceiveQueue } from '@lattice/contracts';
import { createGraphQLClient, logIn, startTestPlatform, waitFor, type TestPlatform } from '@lattice/platform/test-kit';
import { inboxPlugin } from './plugin.js';
import { ageKindAnnouncement } from './test-support/age-kind-announcement.js';
import { fakeIntegrationPlugin, type FakeIntegrationCalls } from './test-support/fake-integration-plugin.js';
import { connectTestBroker } from '@lattice/platform/test-kit';
import { Types } from 'mongoose';

const kind = 'fakechat';
const calls: FakeIntegrationCalls = { created: [], removed: [], replies: [] };
let platform: TestPlatform;
let broker: MessageBroker;

before(async () => {
  ({ broker } = await connectTestBroker('inbox-test'));
  platform = await startTestPlatform({ plugins: [inboxPlugin, fakeIntegrationPlugin(kind, calls)], broker });
});
after(async () => {
  await platform?.stop();
  await broker?.close();
});

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

const createMutation = `mutation ($kind: String!, $name: String!, $data: JSON) {
  integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) { _id kind name createdAt webhookToken }
}`;

async function createIntegration(name: string): Promise<string> {
  const data = await ok<{ integrationsCreateExternalIntegration: { _id: string } }>(createMutation, { kind, name, data: { a: 1 } });
  return data.integrationsCreateExternalIntegration._id;
}

function receive(
  integrationId: string,
  fields: { customerId: string; content: string; createdAt: string; conversationId?: string; startsConversation?: boolean; receiveKey?: string },
) {
  return broker.sendRPCMessage<{ _id: string }>(
    integrationsReceiveQueue.name,
    conversationReceiveMessage({ integrationId, ...fields }),
  );
}

describe('integrations', () => {
  it('lists the kinds that enabled integration plugins announced', async () => {
    const kinds = await waitFor(
      async () => (await ok<{ integrationKinds: Array<{ kind: string; label: string }> }>('{ integrationKinds { kind label } }')).integrationKinds,
      (list) => list.some((entry) => entry.kind === kind),
    );
    assert.deepEqual(kinds.find((entry) => entry.kind === kind), { kind, label: `Fake ${kind}` });
  });

  it('creates an external integration, hands the plugin {doc, integrationId} and shows the token once', async () => {
    const data = await ok<{ integrationsCreateExternalIntegration: Record<string, string> }>(createMutation, {
      kind,
      name: 'Support mail',
      data: { host: 'mail.example.com' },
    });
    const created = data.integrationsCreateExternalIntegration;
    assert.equal(created.kind, kind);
    assert.equal(created.name, 'Support mail');
    assert.equal(created.webhookToken, `token-for-${created._id}`);
    assert.deepEqual(calls.created.at(-1), { doc: { host: 'mail.example.com' }, integrationId: created._id });
    const listed = await ok<{ integrations: Array<Record<string, string | null>> }>(
      'query ($kind: String) { integrations(kind: $kind) { _id name webhookToken } }',
      { kind },
    );
    assert.deepEqual(listed.integrations.find((entry) => entry._id === created._id), {
      _id: created._id,
      name: 'Support mail',
      webhookToken: null,
    });
  });

  it('removes the inbox record again when the plugin refuses, and returns the plugin\'s reason', async () => {
    const before = await ok<{ integrations: unknown[] }>('{ integrations { _id } }');
    const response = await platform.graphql(createMutation, { kind, name: 'Bad', data: { refuse: 'wrong password' } });
    assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(response.errors?.[0]?.message ?? '', /refused: wrong password/);
    const afterwards = await ok<{ integrations: unknown[] }>('{ integrations { _id } }');
    assert.equal(afterwards.integrations.length, before.integrations.length);
  });

  it('lets only owners and admins create or remove integrations', async () => {
    const email = `member-${Date.now()}@lattice.test`;
    const added = await platform.graphql('mutation ($email: String!) { usersAdd(email: $email, password: "member-password-1", role: member) { _id } }', {
      email,
    });
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const cookie = await logIn(`${platform.gatewayUrl}/graphql`, { email, password: 'member-password-1' });
    const asMember = createGraphQLClient(`${platform.gatewayUrl}/graphql`, { cookie });
    const create = await asMember(createMutation, { kind, name: 'Not mine' });
    assert.equal(create.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const integrationId = await createIntegration('Owned');
    const remove = await asMember('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integrationId });
    assert.equal(remove.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    const read = await asMember('{ integrations { _id } conversations { _id } }');
    assert.equal(read.errors, undefined, 'members read integrations and conversations');
  });

  it('refuses a kind no enabled plugin offers, and an empty name', async () => {
    const unknown = await platform.graphql(createMutation, { kind: 'nosuchkind', name: 'x' });
    assert.equal(unknown.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(unknown.errors?.[0]?.message ?? '', /nosuchkind/);
    const empty = await platform.graphql(createMutation, { kind, name: '  ' });
    assert.match(empty.errors?.[0]?.message ?? '', /name must not be empty/);
  });
});

describe('conversations', () => {
  it('files a new conversation per message without conversationId and updates a known one', async () => {
    const integrationId = await createIntegration('Conversations');
    const first = await receive(integrationId, { customerId: 'c1', content: 'Hello', createdAt: '2030-01-01T10:00:00.000Z' });
    const second = await receive(integrationId, { customerId: 'c2', content: 'Other', createdAt: '2030-01-01T11:00:00.000Z' });
    assert.notEqual(first._id, second._id);
    const reply = await receive(integrationId, {
      customerId: 'c1',
      content: 'Follow-up',
      createdAt: '2030-01-01T12:00:00.000Z',
      conversationId: first._id,
    });
    assert.equal(reply._id, first._id);

    const data = await ok<{ conversations: Array<Record<string, unknown>>; conversationsTotalCount: number }>(
      `query ($id: String) { conversations(integrationId: $id) { _id customerId content status createdAt updatedAt integration { _id name } }
        conversationsTotalCount(integrationId: $id) }`,
      { id: integrationId },
    );
    assert.equal(data.conversationsTotalCount, 2);
    assert.deepEqual(data.conversations[0], {
      _id: first._id,
      customerId: 'c1',
      content: 'Follow-up',
      status: 'open',
      createdAt: '2030-01-01T10:00:00.000Z',
      updatedAt: '2030-01-01T12:00:00.000Z',
      integration: { _id: integrationId, name: 'Conversations' },
    });
    assert.equal(data.conversations[1]?._id, second._id);
  });


  it('answers a request asked again with the same receiveKey with the conversation it filed, changing nothing', async () => {
    const integrationId = await createIntegration('Asked again');
    const opening = { customerId: 'c1', content: 'Opening', createdAt: '2030-03-01T10:00:00.000Z', receiveKey: 'key-opening' };
    const [first, again] = await Promise.all([receive(integrationId, opening), receive(integrationId, opening)]);
    assert.equal(again._id, first._id);
    assert.equal((await receive(integrationId, opening))._id, first._id);

    const reply = { customerId: 'c1', content: 'Reply', createdAt: '2030-03-01T11:00:00.000Z', conversationId: first._id, receiveKey: 'key-reply' };
    assert.equal((await receive(integrationId, reply))._id, first._id);
    await receive(integrationId, { ...reply, content: 'Later reply', createdAt: '2030-03-01T12:00:00.000Z', receiveKey: 'key-later' });
    // The first reply's request comes again (its answer was lost): the later reply's content stays.
    assert.equal((await receive(integrationId, reply))._id, first._id);

    const data = await ok<{ conversationDetail: Record<string, unknown>; conversationsTotalCount: number }>(
      'query ($id: String!, $integrationId: String) { conversationDetail(_id: $id) { content } conversationsTotalCount(integrationId: $integrationId) }',
      { id: first._id, integrationId },
    );
    assert.deepEqual(data, { conversationDetail: { content: 'Later reply' }, conversationsTotalCount: 1 });
  });

  it('files replies that arrive together in order, and refuses another integration\'s conversation id', async () => {
    const integrationId = await createIntegration('Together');
    const otherIntegrationId = await createIntegration('Elsewhere');
    const first = await receive(integrationId, { customerId: 'c1', content: 'Start', createdAt: '2030-02-01T10:00:00.000Z' });
    const [replies, notTheirs] = await Promise.all([
      Promise.all([
        receive(integrationId, { customerId: 'c1', content: 'Reply 1', createdAt: '2030-02-01T12:00:00.000Z', conversationId: first._id }),
        receive(integrationId, { customerId: 'c1', content: 'Reply 2 (written earlier)', createdAt: '2030-02-01T11:00:00.000Z', conversationId: first._id }),
      ]),
      receive(otherIntegrationId, { customerId: 'c9', content: 'Not theirs', createdAt: '2030-02-01T13:00:00.000Z', conversationId: first._id }).then(
        () => 'filed',
        (error: Error) => error.message,
      ),
    ]);
    assert.deepEqual(replies.map((reply) => reply._id), [first._id, first._id]);
    assert.match(notTheirs, /belongs to another integration/);

    const data = await ok<{ conversationDetail: Record<string, unknown>; other: number }>(
      'query ($id: String!, $other: String) { conversationDetail(_id: $id) { content updatedAt } other: conversationsTotalCount(integrationId: $other) }',
      { id: first._id, other: otherIntegrationId },
    );
    // The last reply to arrive sets the content; the time only moves forward.
    assert.deepEqual(data.conversationDetail, { content: 'Reply 2 (written earlier)', updatedAt: '2030-02-01T12:00:00.000Z' });
    assert.equal(data.other, 0);
  });

  describe('a conversation id the integration chose (it stored its message first)', () => {
    const conversationTotals = (integrationId: string) =>
      ok<{ conversationsTotalCount: number }>('query ($id: String) { conversationsTotalCount(integrationId: $id) }', { id: integrationId });

    // startsConversation (the integration picked the id for a new thread) changes the order of the writes, never the answer.
    for (const startsConversation of [false, true]) {
      const hint = startsConversation ? ', told it starts the conversation' : '';
      it(`creates the conversation with that id when none exists, and answers it again for the same receiveKey${hint}`, async () => {
        const integrationId = await createIntegration('Chosen id');
        const conversationId = new Types.ObjectId().toHexString();
        const message = { customerId: 'c1', content: 'Filed after storing', createdAt: '2030-04-01T10:00:00.000Z', conversationId, startsConversation, receiveKey: `key-${conversationId}` };
        const copies = await Promise.all([receive(integrationId, message), receive(integrationId, message)]);
        assert.deepEqual(copies.map((copy) => copy._id), [conversationId, conversationId]);
        assert.equal((await receive(integrationId, message))._id, conversationId);

        const data = await ok<{ conversationDetail: Record<string, unknown> }>(
          'query ($id: String!) { conversationDetail(_id: $id) { _id content } }',
          { id: conversationId },
        );
        assert.equal(data.conversationDetail._id, conversationId);
        assert.equal(data.conversationDetail.content, 'Filed after storing');
        assert.equal((await conversationTotals(integrationId)).conversationsTotalCount, 1);
      });

      it(`files two new messages of one new thread into the one conversation, whichever comes first${hint}`, async () => {
        const integrationId = await createIntegration('One new thread');
        const conversationId = new Types.ObjectId().toHexString();
        const filed = await Promise.all(
          ['first', 'second'].map((key, index) =>
            receive(integrationId, { customerId: 'c1', content: key, createdAt: `2030-04-01T1${index}:00:00.000Z`, conversationId, startsConversation, receiveKey: `${key}-${conversationId}` }),
          ),
        );
        assert.deepEqual(filed.map((conversation) => conversation._id), [conversationId, conversationId]);
        assert.equal((await conversationTotals(integrationId)).conversationsTotalCount, 1);
      });

      it(`refuses an id that belongs to another integration's conversation, and creates nothing${hint}`, async () => {
        const owner = await createIntegration('Owner');
        const intruder = await createIntegration('Intruder');
        const { _id } = await receive(owner, { customerId: 'c1', content: 'Mine', createdAt: '2030-04-02T10:00:00.000Z' });
        await assert.rejects(
          receive(intruder, { customerId: 'c2', content: 'Taken?', createdAt: '2030-04-02T11:00:00.000Z', conversationId: _id, startsConversation, receiveKey: `intruder-${_id}` }),
          /belongs to another integration/,
        );
        assert.equal((await conversationTotals(intruder)).conversationsTotalCount, 0);
        const data = await ok<{ conversationDetail: { content: string } }>('query ($id: String!) { conversationDetail(_id: $id) { content } }', { id: _id });
        assert.equal(data.conversationDetail.content, 'Mine');
      });
    }
  });

  it('changes status, filters by it, and shows the detail', async () => {
    const integrationId = await createIntegration('Statuses');
    const { _id } = await receive(integrationId, { customerId: 'c', content: 'x', createdAt: new Date().toISOString() });
    const changed = await ok<{ conversationsChangeStatus: Array<{ _id: string; status: string }> }>(
      'mutation ($ids: [String!]!) { conversationsChangeStatus(_ids: $ids, status: closed) { _id status } }',
      { ids: [_id] },
    );
    assert.deepEqual(changed.conversationsChangeStatus, [{ _id, status: 'closed' }]);
    const open = await ok<{ conversations: unknown[] }>('query ($id: String) { conversations(integrationId: $id, status: open) { _id } }', {
      id: integrationId,
    });
    assert.deepEqual(open.conversations, []);
    const detail = await ok<{ conversationDetail: { status: string } }>('query ($id: String!) { conversationDetail(_id: $id) { status } }', {
      id: _id,
    });
    assert.equal(detail.conversationDetail.status, 'closed');
    const missing = await platform.graphql('{ conversationDetail(_id: "0123456789abcdef01234567") { _id } }');
    assert.equal(missing.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });

  it('keeps its own messages for a conversation', async () => {
    const integrationId = await createIntegration('Own messages');
    const { _id } = await receive(integrationId, { customerId: 'c', content: 'question', createdAt: '2030-01-01T00:00:00.000Z' });
    await ok('mutation ($id: String!) { conversationMessageAdd(conversationId: $id, content: "answer") { _id } }', { id: _id });
    const data = await ok<{ conversationMessages: Array<{ content: string }>; conversationDetail: { content: string } }>(
      'query ($id: String!) { conversationMessages(conversationId: $id) { content } conversationDetail(_id: $id) { content } }',
      { id: _id },
    );
    assert.deepEqual(data.conversationMessages, [{ content: 'answer' }]);
    assert.equal(data.conversationDetail.content, 'answer');
  });

  it('answers an error for an unknown integration or a payload that is not JSON text', async () => {
    await assert.rejects(
      receive('0123456789abcdef01234567', { customerId: 'c', content: 'x', createdAt: new Date().toISOString() }),
      /Integration 0123456789abcdef01234567 not found/,
    );
    await assert.rejects(
      broker.sendRPCMessage(integrationsReceiveQueue.name, { action: 'create-or-update-conversation', payload: '{nope' }),
      /payload is not JSON text/,
    );
  });

  it('removes an integration through its plugin, then its conversations', async () => {
    const integrationId = await createIntegration('Short-lived');
    await receive(integrationId, { customerId: 'c', content: 'x', createdAt: new Date().toISOString() });
    const removed = await ok<{ integrationsRemove: Record<string, unknown> }>('mutation ($id: String!) { integrationsRemove(_id: $id) }', {
      id: integrationId,
    });
    assert.deepEqual(removed.integrationsRemove, { _id: integrationId, deletedCount: 1, conversationsDeleted: 1 });
    assert.equal(calls.removed.at(-1), integrationId);
    const left = await ok<{ conversationsTotalCount: number }>('query ($id: String) { conversationsTotalCount(integrationId: $id) }', {
      id: integrationId,
    });
    assert.equal(left.conversationsTotalCount, 0);
  });

  it('offers only kinds whose plugin runs now, and refuses at once to create or remove through a stopped one', async () => {
    const integrationId = await createIntegration('Outlives its plugin');
    await platform.stopPlugin(kind);
    await ageKindAnnouncement(platform.mongoUrl, kind);
    const kinds = await ok<{ integrationKinds: Array<{ kind: string }> }>('{ integrationKinds { kind } }');
    assert.ok(!kinds.integrationKinds.some((entry) => entry.kind === kind), 'a stopped plugin\'s kind is not offered');

    const startedAt = Date.now();
    const created = await platform.graphql(createMutation, { kind, name: 'Too late', data: {} });
    const removed = await platform.graphql('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integrationId });
    for (const refused of [created, removed]) {
      assert.deepEqual(refused.errors?.map((error) => [error.message, error.extensions?.code]), [[`Plugin "${kind}" is unavailable`, 'PLUGIN_UNAVAILABLE']]);
    }
    assert.ok(Date.now() - startedAt < 5_000, 'refused without waiting for an RPC timeout');
    const listed = await ok<{ integrations: Array<{ _id: string }> }>('query ($kind: String) { integrations(kind: $kind) { _id } }', { kind });
    assert.ok(listed.integrations.some((entry) => entry._id === integrationId), 'the integration is kept for when its plugin is back');

    await platform.startPlugin(kind);
    await waitFor(
      async () => (await ok<{ integrationKinds: Array<{ kind: string }> }>('{ integrationKinds { kind } }')).integrationKinds,
      (list) => list.some((entry) => entry.kind === kind),
    );
    await ok('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integrationId });
  });

  it("lists one customer's conversations across integrations, and moves them to another customer (a merge)", async () => {
    const mail = await createIntegration('Customer mail');
    const chat = await createIntegration('Customer chat');
    const suffix = Date.now().toString(16).padStart(12, '0').slice(-12);
    const customerId = (letter: string) => `${letter.repeat(12)}${suffix}`;
    const [twin, kept, stranger] = [customerId('a'), customerId('b'), customerId('c')];
    const byMail = await receive(mail, { customerId: twin, content: 'By mail', createdAt: '2030-03-01T10:00:00.000Z' });
    const byChat = await receive(chat, { customerId: twin, content: 'By chat', createdAt: '2030-03-01T11:00:00.000Z' });
    const theirs = await receive(mail, { customerId: stranger, content: 'Someone else', createdAt: '2030-03-01T12:00:00.000Z' });
    const ofCustomer = async (customerId: string) =>
      ok<{ conversations: Array<{ _id: string; content: string }>; conversationsTotalCount: number }>(
        'query ($c: String) { conversations(customerId: $c) { _id content } conversationsTotalCount(customerId: $c) }',
        { c: customerId },
      );
    assert.deepEqual(await ofCustomer(twin), { conversations: [{ _id: byChat._id, content: 'By chat' }, { _id: byMail._id, content: 'By mail' }], conversationsTotalCount: 2 });

    const moved = await broker.sendRPCMessage<{ movedIds: string[] }>(conversationsMoveCustomerQueue.name, { fromCustomerId: twin, toCustomerId: kept });
    assert.deepEqual([...moved.movedIds].sort(), [byMail._id, byChat._id].sort());
    assert.equal((await ofCustomer(twin)).conversationsTotalCount, 0);
    assert.deepEqual((await ofCustomer(kept)).conversations.map((conversation) => conversation._id), [byChat._id, byMail._id]);
    assert.deepEqual((await ofCustomer(stranger)).conversations.map((conversation) => conversation._id), [theirs._id]);
    const again = await broker.sendRPCMessage<{ movedIds: string[] }>(conversationsMoveCustomerQueue.name, { fromCustomerId: twin, toCustomerId: kept });
    assert.deepEqual(again.movedIds, [], 'asked again, nothing moves twice');

    // Undoing one listed conversation moves only that one back.
    const back = await broker.sendRPCMessage<{ movedIds: string[] }>(conversationsMoveCustomerQueue.name, { fromCustomerId: kept, toCustomerId: twin, conversationIds: [byMail._id] });
    assert.deepEqual(back.movedIds, [byMail._id]);
    assert.deepEqual((await ofCustomer(twin)).conversations.map((conversation) => conversation._id), [byMail._id]);
    await assert.rejects(
      broker.sendRPCMessage(conversationsMoveCustomerQueue.name, { fromCustomerId: 'not an id', toCustomerId: kept }),
      /24-character hexadecimal id/,
    );
  });

  it('needs a login', async () => {
    const response = await platform.anonymousGraphql('{ conversations { _id } }');
    assert.equal(response.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  });
});
