import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import contactsPlugin from '@lattice/plugin-contacts';
import inboxPlugin from '@lattice/plugin-inbox';
import { mailhookPlugin } from './mailhook/plugin.js';
import { tokenHeader } from './mailhook/receive-route.js';

// SPEC.md's integration rows (GraphQL operations, HTTP controller, createIntegration / removeIntegration and
// the incoming-message flow) against erxes's integration template as ported in src/mailhook.

let platform: TestPlatform;
let integrationId: string;
let webhookToken: string;

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

/** The host announces the kind over the broker at start-up; the inbox offers it once that has arrived. */
async function kindOffered(kind: string, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const { integrationKinds } = await ok<{ integrationKinds: Array<{ kind: string }> }>('{ integrationKinds { kind } }');
    if (integrationKinds.some((offered) => offered.kind === kind)) return;
    if (Date.now() > until) throw new Error(`the inbox never offered the kind "${kind}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POST /receive on the public integrations port, as the channel would. */
function receive(body: Record<string, unknown>, token = webhookToken) {
  return fetch(`${platform.integrationsUrl}/mailhook/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [tokenHeader]: token },
    body: JSON.stringify({ integrationId, ...body }),
  });
}

async function received(body: Record<string, unknown>): Promise<void> {
  const response = await receive(body);
  assert.equal(response.status, 200, await response.clone().text());
  assert.equal(await response.text(), 'Successfully receiving message');
}

interface Conversation {
  _id: string;
  content: string;
  customer: { primaryEmail: string } | null;
}
const conversationsOf = async (id = integrationId) =>
  (await ok<{ conversations: Conversation[] }>('query ($id: String) { conversations(integrationId: $id) { _id content customer { primaryEmail } } }', { id })).conversations;

interface Detail {
  _id: string;
  title: string | null;
  mailData: { messageId: string; subject?: string; body?: string; from: unknown[]; to: unknown[]; cc: unknown[]; bcc: unknown[] };
}
const detailOf = async (conversationId: string) =>
  (await ok<{ mailhookConversationDetail: Detail[] }>('query ($id: String!) { mailhookConversationDetail(conversationId: $id) { _id title mailData } }', { id: conversationId }))
    .mailhookConversationDetail;

before(async () => {
  platform = await startTestPlatform({ plugins: [contactsPlugin, inboxPlugin, mailhookPlugin] });
  await kindOffered('mailhook');
  const { integrationsCreateExternalIntegration: created } = await ok<{
    integrationsCreateExternalIntegration: { _id: string; webhookToken: string };
  }>('mutation { integrationsCreateExternalIntegration(kind: "mailhook", name: "Support mail", data: { mailbox: "support" }) { _id webhookToken } }');
  integrationId = created._id;
  webhookToken = created.webhookToken;
});
after(async () => {
  await platform?.stop();
});

describe('the ported integration template (mailhook)', () => {
  it('GET /login answers "login" on the public integrations port', async () => {
    const response = await fetch(`${platform.integrationsUrl}/mailhook/login`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'login');
  });

  it('files a received message in the inbox: a contacts customer for the sender, a conversation, the message in its detail', async () => {
    await received({
      messageId: '<m1@example.com>',
      subject: 'Invoice 42',
      body: '<p>Where is it?</p>',
      from: [{ name: 'Ada', address: 'Ada@Example.com' }],
      to: [{ address: 'support@example.org' }],
      date: '2026-11-27T10:00:00.000Z',
    });
    const conversations = await conversationsOf();
    assert.equal(conversations.length, 1);
    assert.equal(conversations[0]?.content, 'Invoice 42');
    assert.equal(conversations[0]?.customer?.primaryEmail, 'ada@example.com');

    const detail = await detailOf(conversations[0]!._id);
    assert.equal(detail.length, 1);
    assert.equal(detail[0]?.title, 'Invoice 42');
    assert.deepEqual(detail[0]?.mailData, {
      messageId: '<m1@example.com>',
      subject: 'Invoice 42',
      body: '<p>Where is it?</p>',
      from: [{ name: 'Ada', email: 'Ada@Example.com' }],
      to: [{ email: 'support@example.org' }],
      cc: [],
      bcc: [],
    });
  });

  it('puts a reply (inReplyTo or references) in the same conversation, skips a message already stored, and starts a new one otherwise', async () => {
    await received({ messageId: '<m2@example.com>', inReplyTo: '<m1@example.com>', subject: 'Re: Invoice 42', from: [{ address: 'support@example.org' }] });
    await received({ messageId: '<m3@example.com>', references: ['<m1@example.com>', '<m2@example.com>'], subject: 'Re: Re: Invoice 42', from: [{ address: 'ada@example.com' }] });
    await received({ messageId: '<m3@example.com>', subject: 'the same message again', from: [{ address: 'ada@example.com' }] });
    await received({ messageId: '<m4@example.com>', subject: 'Another topic', from: [{ address: 'ada@example.com' }] });

    const conversations = await conversationsOf();
    assert.equal(conversations.length, 2);
    const thread = conversations.find((conversation) => conversation.content !== 'Another topic');
    assert.ok(thread, JSON.stringify(conversations));
    assert.deepEqual((await detailOf(thread._id)).map((message) => message.mailData.messageId), ['<m1@example.com>', '<m2@example.com>', '<m3@example.com>']);
    // Both conversations belong to the one contacts customer of ada@example.com.
    const customers = await ok<{ customers: Array<{ primaryEmail: string }> }>('{ customers { primaryEmail } }');
    assert.equal(customers.customers.filter((customer) => customer.primaryEmail === 'ada@example.com').length, 1);
  });

  it('refuses a wrong secret (401) and a message without a sender (400), storing nothing', async () => {
    const before = await conversationsOf();
    const wrong = await receive({ messageId: '<x1@example.com>', from: [{ address: 'eve@example.com' }] }, 'not-the-token');
    assert.equal(wrong.status, 401);
    const noSender = await receive({ messageId: '<x2@example.com>', from: [] });
    assert.equal(noSender.status, 400);
    assert.match(await noSender.text(), /from/);
    assert.equal((await conversationsOf()).length, before.length);
  });

  it('lists accounts and refuses to remove one that does not exist', async () => {
    assert.deepEqual((await ok<{ mailhookAccounts: unknown[] }>('{ mailhookAccounts }')).mailhookAccounts, []);
    const response = await platform.graphql('mutation { mailhookAccountRemove(_id: "0123456789abcdef01234567") }');
    assert.equal(response.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });

  it('refuses a reply from the inbox at once, with the reason: the template has no sendReply', async () => {
    const [conversation] = await conversationsOf();
    const started = Date.now();
    const response = await platform.graphql('mutation ($id: String!) { conversationReply(conversationId: $id, content: "Thanks", idempotencyKey: "reply-0001") { _id } }', { id: conversation!._id });
    assert.ok(response.errors?.[0], 'the reply is refused');
    assert.match(response.errors[0].message, /mailhook|reply/i);
    assert.ok(Date.now() - started < 10_000, 'refused at once, not after a time-out');
  });

  it("removing the integration removes its messages here (removeIntegration)", async () => {
    const [conversation] = await conversationsOf();
    await ok('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integrationId });
    assert.deepEqual(await detailOf(conversation!._id), []);
    const gone = await receive({ messageId: '<m5@example.com>', from: [{ address: 'ada@example.com' }] });
    assert.equal(gone.status, 401);
  });
});
