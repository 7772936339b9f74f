import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { eventually } from '../test-support/eventually.js';
import { conversationDetail, conversations, createImapIntegration, rfc822, type TestIntegration } from '../test-support/imap-test-client.js';
import { addNote, reply } from '../test-support/reply-client.js';
import { dovecotUnavailableReason, startDovecot, type TestDovecot } from '../test-support/start-dovecot.js';
import { startImapPlatform, type ImapTestPlatform } from '../test-support/start-imap-platform.js';
import { startSmtpServer, type TestSmtpServer } from '../test-support/start-smtp-server.js';

const skip = dovecotUnavailableReason();
if (skip) console.log(`# skipping the reply tests: ${skip}`);

const run = randomBytes(3).toString('hex');
const account = 'support@lattice.test';
const customer = `kim.${run}@example.com`;
let dovecot: TestDovecot;
let smtp: TestSmtpServer;
let running: ImapTestPlatform;
let platform: TestPlatform;
let integration: TestIntegration;

before(async () => {
  if (skip) return;
  [dovecot, smtp, running] = await Promise.all([startDovecot(), startSmtpServer(), startImapPlatform('imap-reply-test')]);
  platform = running.platform;
  integration = await createImapIntegration(platform, 'Support', {
    host: dovecot.host,
    port: dovecot.port,
    tls: false,
    user: dovecot.user,
    password: dovecot.password,
    email: account,
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpTls: false,
    smtpUser: smtp.user,
    smtpPassword: smtp.password,
  });
});
after(async () => {
  await running?.stop();
  await Promise.all([dovecot?.stop(), smtp?.stop()]);
});

/** A customer's mail delivered into the Dovecot mailbox, and the conversation it was filed in. */
async function customerWrites(name: string, subject: string): Promise<{ conversationId: string; messageId: string }> {
  const messageId = `<${name}.${run}@example.com>`;
  await dovecot.appendToInbox(rfc822({ messageId, from: `"Kim Customer" <${customer}>`, to: account, subject, body: 'Where is it?', date: new Date() }));
  const filed = await eventually(
    () => conversations(platform, integration.integrationId),
    (list) => list.some((entry) => entry.content === subject),
  );
  const conversation = filed.find((entry) => entry.content === subject);
  assert.ok(conversation, `the mail "${subject}" was filed`);
  return { conversationId: conversation._id, messageId };
}

const mailsTo = (subject: string) => smtp.received.filter((mail) => mail.parsed.subject === subject);

describe('replies over SMTP, answers through Dovecot', { skip }, () => {
  it('sends the reply with the thread\'s headers, and the customer\'s answer to it joins the conversation', async () => {
    const { conversationId, messageId } = await customerWrites('order', 'Order 77');
    const sent = await reply(platform, conversationId, 'It ships tomorrow.', `order-${run}`);
    assert.equal(sent.state, 'sent');
    assert.equal(sent.error, null);

    const [mail] = mailsTo('Re: Order 77');
    assert.ok(mail, 'the SMTP server received the reply');
    assert.equal(mail.parsed.from?.value[0]?.address, account);
    assert.deepEqual(mail.envelope.to, [customer]);
    assert.equal(mail.parsed.inReplyTo, messageId);
    assert.equal(mail.header('references'), messageId);
    assert.equal(mail.parsed.text?.trim(), 'It ships tomorrow.');
    const sentId = mail.parsed.messageId!;

    const stored = await conversationDetail(platform, conversationId);
    assert.deepEqual(
      stored.map((entry) => [entry.mailData.messageId, entry.mailData.direction]),
      [
        [messageId, 'incoming'],
        [sentId, 'outgoing'],
      ],
    );
    assert.equal(stored[1]!.mailData.state, 'sent');

    await dovecot.appendToInbox(
      rfc822({ messageId: `<answer.${run}@example.com>`, from: customer, to: account, subject: 'Re: Re: Order 77', inReplyTo: sentId, body: 'Thanks!', date: new Date() }),
    );
    const thread = await eventually(
      () => conversationDetail(platform, conversationId),
      (entries) => entries.length === 3,
    );
    // Date headers carry whole seconds, so the answer may sort beside the reply rather than after it.
    assert.ok(thread.some((entry) => entry.mailData.messageId === `<answer.${run}@example.com>`));
    assert.equal((await conversations(platform, integration.integrationId)).filter((entry) => entry.content.includes('Order 77')).length, 1);
  });

  it('sends one mail for a double click and for a request retried with the same key', async () => {
    const { conversationId } = await customerWrites('twice', 'Twice');
    const key = `twice-${run}`;
    const [first, second] = await Promise.all([reply(platform, conversationId, 'Once only.', key), reply(platform, conversationId, 'Once only.', key)]);
    const again = await reply(platform, conversationId, 'Once only.', key);
    assert.equal(first._id, second._id);
    assert.equal(again._id, first._id);
    assert.equal(again.state, 'sent');
    assert.equal(mailsTo('Re: Twice').length, 1);
    assert.equal((await conversationDetail(platform, conversationId)).length, 2, 'one stored reply');
  });

  it('keeps a reply the SMTP server refuses as failed with its reason; Retry sends it once it accepts', async () => {
    const { conversationId } = await customerWrites('refused', 'Refused');
    const key = `refused-${run}`;
    smtp.refuse('550 Mailbox unavailable');
    let failed;
    try {
      failed = await reply(platform, conversationId, 'Will this arrive?', key);
    } finally {
      smtp.refuse(null);
    }
    assert.equal(failed.state, 'failed');
    assert.match(failed.error ?? '', /550.*Mailbox unavailable/);
    const [, shown] = await conversationDetail(platform, conversationId);
    assert.deepEqual([shown?.mailData.direction, shown?.mailData.state, shown?.mailData.error], ['outgoing', 'failed', failed.error]);
    assert.equal(mailsTo('Re: Refused').length, 0);

    const retried = await reply(platform, conversationId, 'Will this arrive?', key);
    assert.deepEqual([retried._id, retried.state, retried.error], [failed._id, 'sent', null]);
    assert.equal(mailsTo('Re: Refused').length, 1);
    assert.equal((await reply(platform, conversationId, 'Will this arrive?', key)).state, 'sent');
    assert.equal(mailsTo('Re: Refused').length, 1, 'a second Retry of a sent reply sends nothing');
  });

  it('keeps a reply as failed when the SMTP server is down', async () => {
    const down = await createImapIntegration(platform, 'No SMTP', { email: account, smtpHost: '127.0.0.1', smtpPort: 1, smtpTls: false });
    const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-integration-token': down.token },
      body: JSON.stringify({ integrationId: down.integrationId, messageId: `<down.${run}@example.com>`, subject: 'Down', from: [{ address: customer }] }),
    });
    assert.equal(response.status, 200);
    const [conversation] = await conversations(platform, down.integrationId);
    const failed = await reply(platform, conversation!._id, 'Anyone there?');
    assert.equal(failed.state, 'failed');
    assert.match(failed.error ?? '', /ECONNREFUSED/);
  });

  it('never sends an internal note', async () => {
    const { conversationId } = await customerWrites('note', 'Noted');
    const before = smtp.received.length;
    await addNote(platform, conversationId, 'Customer is a VIP');
    await reply(platform, conversationId, 'Noted, thanks.');
    assert.equal(smtp.received.length, before + 1);
    assert.ok(!smtp.received.some((mail) => mail.parsed.text?.includes('VIP')), 'the note never reached the SMTP server');
  });

  it('never returns the SMTP password', async () => {
    const accounts = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    const listed = accounts.data?.imapAccounts.find((entry) => entry.inboxId === integration.integrationId);
    assert.equal(listed?.smtpUser, smtp.user);
    assert.ok(listed && !('smtpPassword' in listed) && !('password' in listed));
  });
});
