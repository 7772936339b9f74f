import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { conversationDetail, conversations, createImapIntegration, rfc822, type TestIntegration } from '../test-support/imap-test-client.js';
import { eventually } from '../test-support/eventually.js';
import { startImapPlatform, type ImapTestPlatform } from '../test-support/start-imap-platform.js';
import { dovecotUnavailableReason, startDovecot, type TestDovecot } from '../test-support/start-dovecot.js';

const skip = dovecotUnavailableReason();
if (skip) console.log(`# skipping the IMAP sync tests: ${skip}`);

const run = randomBytes(3).toString('hex');
let dovecot: TestDovecot;
let running: ImapTestPlatform;
let platform: TestPlatform;

before(async () => {
  if (skip) return;
  dovecot = await startDovecot();
  running = await startImapPlatform('imap-sync-test');
  platform = running.platform;
});
after(async () => {
  await running?.stop();
  await dovecot?.stop();
});

function account(password = dovecot.password) {
  return { host: dovecot.host, port: dovecot.port, tls: false, user: dovecot.user, password };
}


describe('mail sync with IMAP IDLE against Dovecot', { skip }, () => {
  let integration: TestIntegration;

  it('refuses credentials the server refuses, with the server\'s reason, and keeps nothing', async () => {
    const response = await platform.graphql(
      'mutation ($data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: "Wrong", data: $data) { _id } }',
      { data: account('not-the-password') },
    );
    assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(response.errors?.[0]?.message ?? '', /refused: .*Authentication failed/);
    const listed = await platform.graphql<{ integrations: unknown[] }>('{ integrations(kind: "imap") { _id } }');
    assert.deepEqual(listed.data?.integrations, []);
  });

  it('creating an integration starts listening; an appended mail and its reply appear as one conversation', async () => {
    await dovecot.appendToInbox(rfc822({ messageId: `<old.${run}@mail.test>`, from: 'old@example.com', subject: 'before the integration' }));
    integration = await createImapIntegration(platform, 'Mailbox', account());
    const accounts = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    const listed = accounts.data?.imapAccounts.find((entry) => entry.inboxId === integration.integrationId);
    assert.equal(listed?.syncing, true);
    assert.equal(listed?.user, dovecot.user);
    assert.ok(listed && !('password' in listed), 'the password is never returned');

    const first = `<first.${run}@mail.test>`;
    await dovecot.appendToInbox(rfc822({ messageId: first, from: `"Fay" <fay.${run}@example.com>`, subject: 'Synced by IDLE', body: 'hello' }));
    const [conversation] = await eventually(
      () => conversations(platform, integration.integrationId),
      (list) => list.length > 0,
    );
    assert.equal(conversation?.content, 'Synced by IDLE');
    await dovecot.appendToInbox(
      rfc822({ messageId: `<second.${run}@mail.test>`, from: `fay.${run}@example.com`, subject: 'Re: Synced by IDLE', inReplyTo: first }),
    );
    const detail = await eventually(
      () => conversationDetail(platform, conversation!._id),
      (entries) => entries.length === 2,
    );
    assert.deepEqual(
      detail.map((entry) => [entry.mailData.messageId, entry.mailData.from]),
      [
        [first, [{ name: 'Fay', email: `fay.${run}@example.com` }]],
        [`<second.${run}@mail.test>`, [{ name: '', email: `fay.${run}@example.com` }]],
      ],
    );
    assert.equal((await conversations(platform, integration.integrationId)).length, 1, 'the mail from before the integration is not synced');
  });

  it('files a mail that arrived while contacts was away once contacts is back', async () => {
    const before = (await conversations(platform, integration.integrationId)).length;
    await platform.stopPlugin('contacts');
    try {
      await dovecot.appendToInbox(rfc822({ messageId: `<away.${run}@mail.test>`, from: `gus.${run}@example.com`, subject: 'While contacts was away' }));
      await delay(1_500);
      assert.equal((await conversations(platform, integration.integrationId)).length, before, 'nothing filed without contacts');
    } finally {
      await platform.startPlugin('contacts');
    }
    const after = await eventually(
      () => conversations(platform, integration.integrationId),
      (list) => list.length === before + 1,
      15_000,
    );
    assert.equal(after[0]?.content, 'While contacts was away');
  });

  it('stopping the imap host closes its IDLE connection; starting it again resumes listening', async () => {
    assert.equal(await dovecot.establishedConnections(), 1);
    await platform.stopPlugin('imap');
    try {
      assert.equal(await eventually(() => dovecot.establishedConnections(), (count) => count === 0, 5_000), 0, 'closed by the runtime\'s stop');
    } finally {
      await platform.startPlugin('imap');
    }
    assert.equal(await eventually(() => dovecot.establishedConnections(), (count) => count === 1, 10_000), 1);
  });

  it('removing the integration removes its messages and stops the IDLE connection', async () => {
    const [conversation] = await conversations(platform, integration.integrationId);
    assert.equal(await dovecot.establishedConnections(), 1, 'one IDLE connection while syncing');
    const removed = await platform.graphql('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: integration.integrationId });
    assert.equal(removed.errors, undefined, JSON.stringify(removed.errors));
    assert.deepEqual(await conversationDetail(platform, conversation!._id), []);
    assert.equal(await eventually(() => dovecot.establishedConnections(), (count) => count === 0, 5_000), 0);
  });
});
