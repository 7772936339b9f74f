import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  widgetConversationQueue,
  widgetEmailQueue,
  widgetReadQueue,
  widgetSendQueue,
  widgetSettingsQueue,
  type VisitorEvent,
  visitorEventsChannel,
} from '@lattice/contracts';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { createMessengerIntegration, startMessengerPlatform, type MessengerTestPlatform } from './test-support/start-messenger-platform.js';

let running: MessengerTestPlatform;
let platform: TestPlatform;
let integrationId: string;
const run = randomBytes(3).toString('hex');

before(async () => {
  running = await startMessengerPlatform('messenger-flow-test');
  platform = running.platform;
  integrationId = await createMessengerIntegration(platform, 'Website');
});
after(async () => {
  await running?.stop();
});

const rpc = <T>(queue: { name: string }, data: unknown) => running.broker.sendRPCMessage(queue.name, data, { timeoutMs: 10_000 }) as Promise<T>;

async function conversations(id = integrationId) {
  const response = await platform.graphql<{ conversations: Array<{ _id: string; customerId: string; content: string }> }>(
    'query ($id: String) { conversations(integrationId: $id, perPage: 200) { _id customerId content } }',
    { id },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.conversations;
}

async function detail(conversationId: string) {
  const response = await platform.graphql<{ messengerConversationDetail: Array<{ _id: string; mailData: { body: string; direction: string } }> }>(
    'query ($id: String!) { messengerConversationDetail(conversationId: $id) { _id mailData } }',
    { id: conversationId },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.messengerConversationDetail;
}

type SendReply = { visitorToken: string; visitorId: string; message: { _id: string; body: string } } | { refused: string; reason: string };

describe('messenger: the integration contract, as imap uses it', () => {
  it('is created with data: {} and every setting defaulted; bad settings are refused and nothing is kept', async () => {
    const settings = await rpc<{ brandName: string; color: string; online: boolean; allowedOrigins: string[]; maxAttachmentBytes: number }>(
      widgetSettingsQueue,
      { integrationId },
    );
    assert.equal(settings.brandName, 'Support');
    assert.equal(settings.color, '#1c7ed6');
    assert.equal(settings.online, true);
    assert.deepEqual(settings.allowedOrigins, []);
    assert.equal(settings.maxAttachmentBytes, 2 * 1024 * 1024);

    const refused = await platform.graphql(
      'mutation { integrationsCreateExternalIntegration(kind: "messenger", name: "Bad", data: {color: "red", allowedOrigins: ["not an origin"]}) { _id } }',
    );
    assert.match(JSON.stringify(refused.errors), /color must be like #1c7ed6/);
    assert.match(JSON.stringify(refused.errors), /not an origin/);
    const kept = await platform.graphql<{ integrations: Array<{ name: string }> }>('{ integrations(kind: "messenger") { name } }');
    assert.deepEqual(kept.data?.integrations.map((entry) => entry.name), ['Website']);
  });

  it('an unknown integration id has no settings and a message to it is refused', async () => {
    assert.equal(await rpc(widgetSettingsQueue, { integrationId: 'a'.repeat(24) }), null);
    const reply = await rpc<SendReply>(widgetSendQueue, { integrationId: 'a'.repeat(24), body: 'hello' });
    assert.deepEqual(reply, { refused: 'NOT_FOUND', reason: `No messenger integration has the id ${'a'.repeat(24)}` });
  });

  it("files a visitor's messages in one inbox conversation, answers the agent's reply to the visitor, and hides it from other tokens", async () => {
    const heard: VisitorEvent[] = [];
    const subscription = await running.pubsub.subscribe(visitorEventsChannel, (event: VisitorEvent) => heard.push(event), {});
    const before = (await conversations()).length;
    const first = await rpc<SendReply>(widgetSendQueue, { integrationId, body: `Hello from the site ${run}` });
    assert.ok('visitorToken' in first, JSON.stringify(first));
    const second = await rpc<SendReply>(widgetSendQueue, { integrationId, visitorToken: first.visitorToken, body: 'Are you there?' });
    assert.ok('visitorToken' in second);
    assert.equal(second.visitorToken, first.visitorToken);

    const filed = await conversations();
    assert.equal(filed.length, before + 1, 'one conversation for the visitor');
    const conversation = filed[0]!;
    assert.equal(conversation.content, 'Are you there?');
    assert.equal(conversation.customerId, first.visitorId, 'without an e-mail the visitor record is the customer');

    const reply = await platform.graphql<{ conversationReply: { state: string; conversationId: string } }>(
      'mutation ($id: String!) { conversationReply(conversationId: $id, content: "Yes, how can I help?", idempotencyKey: "reply-key-1") { state conversationId } }',
      { id: conversation._id },
    );
    assert.equal(reply.errors, undefined, JSON.stringify(reply.errors));
    assert.equal(reply.data?.conversationReply.state, 'sent');
    assert.deepEqual(
      (await detail(conversation._id)).map((entry) => [entry.mailData.direction, entry.mailData.body]),
      [
        ['incoming', `Hello from the site ${run}`],
        ['incoming', 'Are you there?'],
        ['outgoing', 'Yes, how can I help?'],
      ],
    );
    const view = await rpc<{ visitorId: string; messages: Array<{ from: string; body: string }> }>(widgetConversationQueue, {
      integrationId,
      visitorToken: first.visitorToken,
    });
    assert.deepEqual(view.messages.map((message) => message.from), ['visitor', 'visitor', 'agent']);
    const agentEvent = heard.find((event) => event.event.type === 'message' && event.event.message.body === 'Yes, how can I help?');
    assert.equal(agentEvent?.visitorId, first.visitorId, "the reply was published for the visitor's widget");
    running.pubsub.unsubscribe(subscription);

    // Another visitor's token, a made-up one, or the visitor's id in the token's place read nothing.
    const other = await rpc<SendReply>(widgetSendQueue, { integrationId, body: 'Someone else' });
    assert.ok('visitorToken' in other);
    const otherView = await rpc<{ messages: Array<{ body: string }> }>(widgetConversationQueue, { integrationId, visitorToken: other.visitorToken });
    assert.deepEqual(otherView.messages.map((message) => message.body), ['Someone else']);
    assert.equal(await rpc(widgetConversationQueue, { integrationId, visitorToken: randomBytes(32).toString('base64url') }), null);
    await assert.rejects(rpc(widgetConversationQueue, { integrationId, visitorToken: first.visitorId }), /not a visitor token/);
    const forged = await rpc<SendReply>(widgetSendQueue, { integrationId, visitorToken: randomBytes(32).toString('base64url'), body: 'let me in' });
    assert.equal('refused' in forged && forged.refused, 'UNAUTHENTICATED');
    assert.equal((await conversations()).length, before + 2, 'the forged token filed nothing');

    assert.equal(await rpc(widgetReadQueue, { integrationId, visitorToken: first.visitorToken }), true);
    const read = await rpc<{ messages: Array<{ from: string; readAt: string | null }> }>(widgetConversationQueue, { integrationId, visitorToken: first.visitorToken });
    assert.ok(read.messages.find((message) => message.from === 'agent')?.readAt, 'the reply is marked read');
  });

  it('a visitor who leaves an e-mail becomes that contacts customer', async () => {
    const email = `visitor.${run}@example.com`;
    const sent = await rpc<SendReply>(widgetSendQueue, { integrationId, body: 'Mail me', email: email.toUpperCase() });
    assert.ok('visitorId' in sent);
    const customer = await platform.graphql<{ customers: Array<{ _id: string }> }>('query ($s: String) { customers(searchValue: $s) { _id } }', { s: email });
    assert.equal(customer.data?.customers.length, 1);
    const filed = (await conversations()).find((entry) => entry.content === 'Mail me');
    assert.equal(filed?.customerId, customer.data?.customers[0]?._id);
    assert.equal(await rpc(widgetEmailQueue, { integrationId, visitorToken: sent.visitorToken, email }), true);
  });

  it('only configured origins may use a restricted messenger; e-mail is asked for when required', async () => {
    const restricted = await createMessengerIntegration(platform, 'Shop', { allowedOrigins: ['https://shop.example.com'], requireEmail: true });
    const elsewhere = await rpc<SendReply>(widgetSendQueue, { integrationId: restricted, body: 'hi', hostOrigin: 'https://evil.example.net' });
    assert.deepEqual(elsewhere, { refused: 'FORBIDDEN', reason: 'The messenger is not enabled on https://evil.example.net' });
    const withoutEmail = await rpc<SendReply>(widgetSendQueue, { integrationId: restricted, body: 'hi', hostOrigin: 'https://shop.example.com' });
    assert.equal('refused' in withoutEmail && withoutEmail.refused, 'BAD_USER_INPUT');
    assert.equal((await conversations(restricted)).length, 0, 'nothing was filed for the refusals');
  });
});
