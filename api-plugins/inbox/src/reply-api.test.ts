import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { MessageBroker } from '@lattice/broker';
import { conversationReceiveMessage, integrationsReceiveQueue, maxReplyBodyLength } from '@lattice/contracts';
import { connectTestBroker, createGraphQLClient, logIn, startTestPlatform, subscribeOverWebSocket, type TestPlatform } from '@lattice/platform/test-kit';
import { inboxPlugin } from './plugin.js';
import { fakeIntegrationPlugin, type FakeIntegrationCalls } from './test-support/fake-integration-plugin.js';

const kind = 'fakereply';
const calls: FakeIntegrationCalls = { created: [], removed: [], replies: [] };
// A kind whose plugin has no reply capability: it does not consume `<kind>:sendReply`.
const noReplyKind = 'fakenoreply';
const noReplyCalls: FakeIntegrationCalls = { created: [], removed: [], replies: [] };
let platform: TestPlatform;
let broker: MessageBroker;

before(async () => {
  ({ broker } = await connectTestBroker('inbox-reply-test'));
  platform = await startTestPlatform({ plugins: [inboxPlugin, fakeIntegrationPlugin(kind, calls), fakeIntegrationPlugin(noReplyKind, noReplyCalls, { reply: false })], broker });
});
after(async () => {
  await platform?.stop();
  await broker?.close();
});

const replyMutation = `mutation ($id: String!, $content: String!, $key: String) {
  conversationReply(conversationId: $id, content: $content, idempotencyKey: $key) { _id conversationId state error }
}`;
const noteMutation = `mutation ($id: String!, $content: String!) {
  conversationNoteAdd(conversationId: $id, content: $content) { _id conversationId content internal userId }
}`;

async function newConversation(name = 'Replies', ofKind = kind): Promise<{ integrationId: string; conversationId: string }> {
  const created = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation ($kind: String!, $name: String!) { integrationsCreateExternalIntegration(kind: $kind, name: $name) { _id } }',
    { kind: ofKind, name },
  );
  assert.equal(created.errors, undefined, JSON.stringify(created.errors));
  const integrationId = created.data!.integrationsCreateExternalIntegration._id;
  const conversation = await broker.sendRPCMessage<{ _id: string }>(
    integrationsReceiveQueue.name,
    conversationReceiveMessage({ integrationId, customerId: 'customer-1', content: 'Where is my parcel?', createdAt: '2030-01-01T10:00:00.000Z' }),
  );
  return { integrationId, conversationId: conversation._id };
}

async function asMember() {
  const email = `member-${randomBytes(3).toString('hex')}@lattice.test`;
  const added = await platform.graphql('mutation ($email: String!) { usersAdd(email: $email, password: "member-password-1", role: member) { _id } }', { email });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return createGraphQLClient(`${platform.gatewayUrl}/graphql`, { cookie: await logIn(`${platform.gatewayUrl}/graphql`, { email, password: 'member-password-1' }) });
}

describe('conversationReply', () => {
  it('hands the integration the conversation, its customer, the body, the key and the author; publishes the change', async () => {
    const { integrationId, conversationId } = await newConversation();
    const changed = subscribeOverWebSocket<{ conversationChanged: { _id: string; content: string } }>(
      `${platform.gatewayUrl}/graphql`,
      { query: 'subscription ($id: String) { conversationChanged(_id: $id) { _id content } }', variables: { id: conversationId } },
      { cookie: platform.authCookie },
    );
    await changed.untilResult(() => platform.graphql(noteMutation, { id: conversationId, content: 'listening' }));
    const response = await platform.graphql<{ conversationReply: Record<string, unknown> }>(replyMutation, {
      id: conversationId,
      content: '  It left the warehouse today.  ',
      key: 'reply-key-0001',
    });
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    assert.deepEqual(response.data!.conversationReply, { _id: `reply-${calls.replies.length}`, conversationId, state: 'sent', error: null });
    const sent = calls.replies.at(-1)!;
    assert.deepEqual(
      { ...sent, author: { ...sent.author, userId: typeof sent.author.userId } },
      {
        integrationId,
        conversationId,
        customerId: 'customer-1',
        body: 'It left the warehouse today.',
        idempotencyKey: 'reply-key-0001',
        author: { userId: 'string', email: platform.owner.email },
      },
    );
    let event = await changed.next();
    while (event.data?.conversationChanged.content !== 'It left the warehouse today.') event = await changed.next();
    assert.equal(event.data?.conversationChanged._id, conversationId);
    await changed.close();
  });

  it('answers a reply the channel refused as failed with the reason, and leaves the conversation as it was', async () => {
    const { conversationId } = await newConversation();
    const response = await platform.graphql<{ conversationReply: Record<string, unknown>; }>(replyMutation, {
      id: conversationId,
      content: 'channel down, please',
    });
    assert.deepEqual(response.data?.conversationReply, { _id: `reply-${calls.replies.length}`, conversationId, state: 'failed', error: 'the channel is down' });
    const detail = await platform.graphql<{ conversationDetail: { content: string } }>('query ($id: String!) { conversationDetail(_id: $id) { content } }', { id: conversationId });
    assert.equal(detail.data?.conversationDetail.content, 'Where is my parcel?');
    assert.match(calls.replies.at(-1)!.idempotencyKey, /^[0-9a-f-]{36}$/, 'a key of its own when the client gave none');
  });

  const refused: Array<{ title: string; variables: (conversationId: string) => Record<string, unknown>; code: string; reason: RegExp }> = [
    { title: 'an empty reply', variables: (id) => ({ id, content: ' \n ' }), code: 'BAD_USER_INPUT', reason: /must not be empty/ },
    {
      title: 'a reply over the body limit',
      variables: (id) => ({ id, content: 'x'.repeat(maxReplyBodyLength + 1) }),
      code: 'BAD_USER_INPUT',
      reason: /at most 50000 characters/,
    },
    { title: 'a malformed idempotency key', variables: (id) => ({ id, content: 'hi', key: 'a b' }), code: 'BAD_USER_INPUT', reason: /idempotencyKey/ },
    { title: 'an unknown conversation', variables: () => ({ id: '0123456789abcdef01234567', content: 'hi' }), code: 'NOT_FOUND', reason: /Conversation not found/ },
  ];
  for (const testCase of refused) {
    it(`refuses ${testCase.title} and sends nothing`, async () => {
      const { conversationId } = await newConversation();
      const before = calls.replies.length;
      const response = await platform.graphql(replyMutation, testCase.variables(conversationId));
      assert.equal(response.errors?.[0]?.extensions?.code, testCase.code);
      assert.match(response.errors?.[0]?.message ?? '', testCase.reason);
      assert.equal(calls.replies.length, before);
    });
  }

  it('refuses a conversation of a removed integration and sends nothing', async () => {
    const { integrationId, conversationId } = await newConversation();
    const removed = await platform.graphql('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integrationId });
    assert.equal(removed.errors, undefined, JSON.stringify(removed.errors));
    const before = calls.replies.length;
    const gone = await platform.graphql(replyMutation, { id: conversationId, content: 'hello?' });
    assert.equal(gone.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.equal(calls.replies.length, before);
  });

  it('refuses at once, saying why, a reply through a kind without a reply capability; the kinds list says which can reply', async () => {
    const { conversationId } = await newConversation('No replies', noReplyKind);
    const started = performance.now();
    const refused = await platform.graphql(replyMutation, { id: conversationId, content: 'hello?' });
    const ms = performance.now() - started;
    assert.equal(refused.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(refused.errors));
    assert.match(refused.errors?.[0]?.message ?? '', /"fakenoreply".*no reply capability.*"fakenoreply:sendReply"/);
    // Not the RPC's 30 s timeout: a few round trips (2 s leaves room for a loaded machine).
    assert.ok(ms < 2000, `answered in ${Math.round(ms)} ms`);
    const kinds = await platform.graphql<{ integrationKinds: Array<{ kind: string; canReply: boolean }> }>('{ integrationKinds { kind canReply } }');
    assert.deepEqual(
      kinds.data?.integrationKinds.filter((entry) => [kind, noReplyKind].includes(entry.kind)),
      [{ kind: noReplyKind, canReply: false }, { kind, canReply: true }],
    );
  });

  it('refuses a member (replies are for owners and admins) but takes a member\'s note', async () => {
    const { conversationId } = await newConversation();
    const member = await asMember();
    const before = calls.replies.length;
    const reply = await member(replyMutation, { id: conversationId, content: 'hi' });
    assert.equal(reply.errors?.[0]?.extensions?.code, 'FORBIDDEN');
    assert.match(reply.errors?.[0]?.message ?? '', /"inbox:replyToConversations"/);
    assert.equal(calls.replies.length, before);
    const note = await member(noteMutation, { id: conversationId, content: 'I know this customer' });
    assert.equal(note.errors, undefined, JSON.stringify(note.errors));
  });
});

describe('conversationNoteAdd', () => {
  it('keeps the note in the inbox, marked internal, and never hands it to the integration', async () => {
    const { conversationId } = await newConversation();
    const before = calls.replies.length;
    const response = await platform.graphql<{ conversationNoteAdd: Record<string, unknown> }>(noteMutation, { id: conversationId, content: ' Call them back ' });
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    assert.equal(response.data!.conversationNoteAdd.content, 'Call them back');
    assert.equal(response.data!.conversationNoteAdd.internal, true);
    assert.equal(calls.replies.length, before, 'nothing sent');
    const listed = await platform.graphql<{ conversationMessages: Array<{ content: string; internal: boolean }> }>(
      'query ($id: String!) { conversationMessages(conversationId: $id) { content internal } }',
      { id: conversationId },
    );
    assert.deepEqual(listed.data?.conversationMessages, [{ content: 'Call them back', internal: true }]);
    const empty = await platform.graphql(noteMutation, { id: conversationId, content: '' });
    assert.match(empty.errors?.[0]?.message ?? '', /note must not be empty/);
  });
});

describe('without the contacts plugin', () => {
  it('still composes: a conversation\'s customer is its _id alone, and search works on what the inbox keeps', async () => {
    const { conversationId } = await newConversation('No contacts');
    const response = await platform.graphql<{ conversations: Array<{ _id: string; customer: { _id: string } | null }> }>(
      '{ conversations(searchValue: "PARCEL", perPage: 200) { _id customer { _id } } }',
    );
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    const row = response.data!.conversations.find((entry) => entry._id === conversationId);
    assert.deepEqual(row?.customer, { _id: 'customer-1' });
    const email = await platform.graphql('{ conversations { customer { primaryEmail } } }');
    assert.equal(email.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', 'the contacts fields are simply not there');
  });
});
