import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { conversationDetail, conversations, createImapIntegration, postJson } from '../test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from '../test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');

let running: ImapTestPlatform;
let platform: TestPlatform;

before(async () => {
  // Private hosts refused, as in production: a webhook-only integration names no host to check.
  running = await startImapPlatform('imap-webhook-only-test', { IMAP_ALLOW_PRIVATE_HOSTS: 'false' });
  platform = running.platform;
});
after(async () => {
  await running?.stop();
});

describe('receive by webhook only (issue 37)', () => {
  it('gets its webhook token without a mail server, receives by POST /receive, and lists as webhook-only', async () => {
    const integration = await createImapIntegration(platform, 'Web form', { webhookOnly: true });
    assert.match(integration.token, /^\S{20,}$/);
    const sent = await postJson(platform, integration, {
      messageId: `<form-1.${run}@mail.test>`,
      subject: 'Contact form',
      body: 'Please call me back.',
      from: [{ name: 'Dana Dorn', address: `dana.${run}@example.com` }],
    });
    assert.deepEqual(sent, { status: 200, text: 'Successfully receiving message' });
    const [conversation] = await conversations(platform, integration.integrationId);
    assert.ok(conversation, 'the mail is filed');
    const mails = await conversationDetail(platform, conversation._id);
    assert.equal(mails.length, 1);

    const accounts = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    const row = accounts.data?.imapAccounts.find((account) => account.inboxId === integration.integrationId);
    assert.equal(row?.webhookOnly, true);
    assert.equal(row?.syncing, false);
    assert.equal(row?.host, undefined);
  });

  it('refuses IMAP account fields beside webhookOnly, naming them, and creates nothing', async () => {
    const response = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } | null }>(
      'mutation ($data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: "Mixed", data: $data) { _id } }',
      { data: { webhookOnly: true, host: 'imap.example.com', user: 'ops', password: 'secret' } },
    );
    assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(String(response.errors?.[0]?.message), /A webhook-only integration has no IMAP account: leave out host, user, password/);
    const accounts = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    assert.equal(accounts.data?.imapAccounts.filter((account) => account.host === 'imap.example.com').length, 0);
  });
});
