import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { widgetConversationQueue, widgetEmailQueue, widgetSendQueue } from '@lattice/contracts';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { createMessengerIntegration, startMessengerPlatform, type MessengerTestPlatform } from './test-support/start-messenger-platform.js';
import { startSmtpServer, type TestSmtpServer } from './test-support/start-smtp-server.js';

let running: MessengerTestPlatform;
let platform: TestPlatform;
let smtp: TestSmtpServer;
let away: string;
let online: string;
const run = randomBytes(3).toString('hex');
// Working hours that never begin: nobody is ever online.
const neverOnline = [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '00:00' }];

before(async () => {
  [running, smtp] = await Promise.all([startMessengerPlatform('messenger-reply-by-mail-test', ['imap']), startSmtpServer()]);
  platform = running.platform;
  const mail = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation ($data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: "Support mail", data: $data) { _id } }',
    { data: { email: 'support@lattice.test', smtpHost: smtp.host, smtpPort: smtp.port, smtpTls: false } },
  );
  assert.equal(mail.errors, undefined, JSON.stringify(mail.errors));
  const replyByMail = { kind: 'imap', integrationId: mail.data!.integrationsCreateExternalIntegration._id };
  away = await createMessengerIntegration(platform, 'After hours', { brandName: 'Lamp shop', workingHours: neverOnline, replyByMail });
  online = await createMessengerIntegration(platform, 'Staffed', { replyByMail });
});
after(async () => {
  await running?.stop();
  await smtp?.stop();
});

const rpc = <T>(queue: { name: string }, data: unknown) => running.broker.sendRPCMessage(queue.name, data, { timeoutMs: 10_000 }) as Promise<T>;
type Sent = { visitorToken: string; message: { body: string } };

async function conversationOf(integrationId: string, content: string): Promise<string> {
  const response = await platform.graphql<{ conversations: Array<{ _id: string; content: string }> }>(
    'query ($id: String) { conversations(integrationId: $id, perPage: 200) { _id content } }',
    { id: integrationId },
  );
  const found = response.data?.conversations.find((entry) => entry.content === content);
  assert.ok(found, `the conversation "${content}" is in the inbox`);
  return found._id;
}

async function reply(conversationId: string, content: string, idempotencyKey: string) {
  const response = await platform.graphql<{ conversationReply: { state: string; error: string | null } }>(
    'mutation ($id: String!, $content: String!, $key: String) { conversationReply(conversationId: $id, content: $content, idempotencyKey: $key) { state error } }',
    { id: conversationId, content, key: idempotencyKey },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.conversationReply;
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

describe('messenger: a visitor who left an e-mail while nobody was online is answered by mail', { timeout: 300_000 }, () => {
  it('sends the agent’s reply through the mail integration as well as to the widget', async () => {
    const email = `night.owl.${run}@example.com`;
    const withoutEmail = await rpc<{ refused?: string }>(widgetSendQueue, { integrationId: away, body: 'Anyone there?' });
    assert.equal(withoutEmail.refused, 'BAD_USER_INPUT', 'away, a message needs an e-mail');
    const sent = await rpc<Sent>(widgetSendQueue, { integrationId: away, body: `Do you ship to Vienna? ${run}`, email });
    const conversationId = await conversationOf(away, `Do you ship to Vienna? ${run}`);

    const answered = await reply(conversationId, 'Yes, within three days.', `vienna-${run}`);
    assert.deepEqual(answered, { state: 'sent', error: null });
    const [mail, ...more] = mailsTo(email);
    assert.ok(mail, 'the SMTP server received the answer');
    assert.equal(more.length, 0);
    assert.match(mail.raw, /^From: support@lattice\.test/m);
    assert.match(mail.raw, /^Subject: Lamp shop: an answer to your message/m);
    assert.match(mail.raw, /Yes, within three days\./);
    const view = await rpc<{ messages: Array<{ from: string; body: string }> }>(widgetConversationQueue, { integrationId: away, visitorToken: sent.visitorToken });
    assert.deepEqual(view.messages.at(-1), { ...view.messages.at(-1), from: 'agent', body: 'Yes, within three days.' });
    const detail = await platform.graphql<{ messengerConversationDetail: Array<{ mailData: { direction: string; mail: unknown } }> }>(
      'query ($id: String!) { messengerConversationDetail(conversationId: $id) { mailData } }',
      { id: conversationId },
    );
    const outgoing = detail.data!.messengerConversationDetail.filter((entry) => entry.mailData.direction === 'outgoing');
    assert.deepEqual(outgoing.map((entry) => entry.mailData.mail), [{ to: email, state: 'sent', error: null }]);
  });

  it('an e-mail left later, while away, counts too; within working hours the widget alone answers', async () => {
    const staffedEmail = `day.${run}@example.com`;
    await rpc<Sent>(widgetSendQueue, { integrationId: online, body: `Staffed ${run}`, email: staffedEmail });
    assert.deepEqual(await reply(await conversationOf(online, `Staffed ${run}`), 'Hello!', `staffed-${run}`), { state: 'sent', error: null });
    assert.equal(mailsTo(staffedEmail).length, 0, 'someone was online: no mail');

    const laterEmail = `later.${run}@example.com`;
    const first = await rpc<Sent>(widgetSendQueue, { integrationId: away, body: `First ${run}`, email: `first.${run}@example.com` });
    assert.equal(await rpc(widgetEmailQueue, { integrationId: away, visitorToken: first.visitorToken, email: laterEmail }), true);
    await reply(await conversationOf(away, `First ${run}`), 'Noted.', `later-${run}`);
    assert.equal(mailsTo(laterEmail).length, 1, 'the answer goes to the address left last');
    assert.equal(mailsTo(`first.${run}@example.com`).length, 0);
  });

  it('a refused mail fails the reply with the server’s reason (the widget has it); Retry mails it once', async () => {
    const email = `refused.${run}@example.com`;
    await rpc<Sent>(widgetSendQueue, { integrationId: away, body: `Refused ${run}`, email });
    const conversationId = await conversationOf(away, `Refused ${run}`);
    smtp.refuse('550 Mailbox unavailable');
    const failed = await reply(conversationId, 'We will call you.', `refused-${run}`);
    smtp.refuse(null);
    assert.equal(failed.state, 'failed');
    assert.match(failed.error ?? '', new RegExp(`not mailed to ${email.replace(/\./g, '\\.')}: .*Mailbox unavailable`));
    assert.equal(mailsTo(email).length, 0);

    const retried = await reply(conversationId, 'We will call you.', `refused-${run}`);
    assert.deepEqual(retried, { state: 'sent', error: null });
    const again = await reply(conversationId, 'We will call you.', `refused-${run}`);
    assert.deepEqual(again, { state: 'sent', error: null });
    assert.equal(mailsTo(email).length, 1, 'mailed once, by the retry');
  });
});
