import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestPlatform } from '@lattice/platform/test-kit';
import type { Connection } from 'mongoose';
import { openImapDatabase } from './test-support/imap-database.js';
import {
  contactsCount,
  conversationDetail,
  conversations,
  createImapIntegration,
  postJson,
  type TestIntegration,
} from './test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from './test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');
const id = (name: string) => `<${name}.${run}@mail.test>`;

let running: ImapTestPlatform;
let platform: TestPlatform;
let integration: TestIntegration;
let imapDb: Connection;

before(async () => {
  running = await startImapPlatform('imap-guarantees-test');
  platform = running.platform;
  integration = await createImapIntegration(platform, 'Guarantees');
  imapDb = await openImapDatabase(platform.mongoUrl);
});
after(async () => {
  await imapDb?.close();
  await running?.stop();
});

const localCustomers = (email: string) => imapDb.collection('imap_customers').countDocuments({ email });

async function untilGraphqlAnswers(query: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await platform.graphql(query);
    if (!response.errors) return;
    await delay(100);
  }
  throw new Error(`${query} kept failing`);
}

describe('concurrency', () => {
  it('50 concurrent deliveries from one new sender create exactly one customer and one contacts record', async () => {
    const email = `crowd.${run}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        postJson(platform, integration, { messageId: id(`crowd${index}`), subject: `n${index}`, from: [{ address: email }] }),
      ),
    );
    assert.deepEqual(new Set(responses.map((response) => response.status)), new Set([200]), JSON.stringify(responses.find((r) => r.status !== 200)));
    assert.equal(await contactsCount(platform, email), 1);
    assert.equal(await localCustomers(email), 1);
    const filed = (await conversations(platform, integration.integrationId)).filter((entry) => /^n\d+$/.test(entry.content));
    assert.equal(filed.length, 50);
    assert.equal(new Set(filed.map((entry) => entry.customerId)).size, 1);
  });
});

describe('a plugin that is away', () => {
  it('contacts down: 503 naming contacts, no conversation or customer, and the same message is filed later', async () => {
    const email = `late.${run}@example.com`;
    const message = { messageId: id('late'), subject: 'while contacts was away', from: [{ address: email }] };
    const before = (await conversations(platform, integration.integrationId)).length;
    await platform.stopPlugin('contacts');
    try {
      const refused = await postJson(platform, integration, message);
      assert.equal(refused.status, 503, refused.text);
      assert.match(refused.text, /contacts/);
      assert.equal((await conversations(platform, integration.integrationId)).length, before);
      assert.equal(await localCustomers(email), 0);
    } finally {
      await platform.startPlugin('contacts');
    }
    await untilGraphqlAnswers('{ customersTotalCount }');
    assert.equal((await postJson(platform, integration, message)).status, 200);
    const after = await conversations(platform, integration.integrationId);
    assert.equal(after.length, before + 1);
    assert.equal(after[0]?.content, 'while contacts was away');
    assert.equal(await contactsCount(platform, email), 1);
  });

  it('inbox down: 503 naming inbox, the message stored but no conversation, and the same message is filed later, once', async () => {
    const email = `inboxdown.${run}@example.com`;
    const message = { messageId: id('inboxdown'), subject: 'while the inbox was away', from: [{ address: email }] };
    await platform.stopPlugin('inbox');
    try {
      const refused = await postJson(platform, integration, message);
      assert.equal(refused.status, 503, refused.text);
      assert.match(refused.text, /inbox/);
      // Stored whole first (README, "whole or nothing"), waiting to be filed: the inbox shows nothing of it yet.
      const stored = await imapDb.collection('imap_messages').find({ messageId: message.messageId }).toArray();
      assert.equal(stored.length, 1);
      assert.ok(stored[0]!.unfiledSince instanceof Date);
    } finally {
      await platform.startPlugin('inbox');
    }
    await untilGraphqlAnswers('{ conversationsTotalCount }');
    assert.equal((await conversations(platform, integration.integrationId)).some((entry) => entry.content === 'while the inbox was away'), false);
    assert.equal((await postJson(platform, integration, message)).status, 200);
    const [latest] = await conversations(platform, integration.integrationId);
    assert.equal(latest?.content, 'while the inbox was away');
    assert.equal(await imapDb.collection('imap_messages').countDocuments({ messageId: message.messageId, unfiledSince: { $exists: true } }), 0);
    assert.deepEqual((await conversationDetail(platform, latest!._id)).map((entry) => entry.mailData.messageId), [message.messageId]);
  });
});

describe('integration lifecycle', () => {
  it('removing the integration in the inbox removes its messages and customers, and its token stops working', async () => {
    const doomed = await createImapIntegration(platform, 'Doomed');
    const email = `doomed.${run}@example.com`;
    await postJson(platform, doomed, { messageId: id('doomed'), subject: 'soon gone', from: [{ address: email }] });
    const [conversation] = await conversations(platform, doomed.integrationId);
    assert.equal((await conversationDetail(platform, conversation!._id)).length, 1);

    const removed = await platform.graphql('mutation ($id: String!) { integrationsRemove(_id: $id) }', { id: doomed.integrationId });
    assert.equal(removed.errors, undefined, JSON.stringify(removed.errors));
    assert.deepEqual(await conversationDetail(platform, conversation!._id), []);
    assert.equal(await imapDb.collection('imap_customers').countDocuments({ inboxIntegrationId: doomed.integrationId }), 0);
    assert.equal(await imapDb.collection('imap_integrations').countDocuments({ inboxId: doomed.integrationId }), 0);
    assert.equal((await postJson(platform, doomed, { messageId: id('after'), from: [{ address: email }] })).status, 401);
  });

  it('lists accounts without secrets and removes one with imapAccountRemove', async () => {
    const kept = await createImapIntegration(platform, 'Account', { note: 'kept from doc' });
    const accounts = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    const account = accounts.data?.imapAccounts.find((entry) => entry.inboxId === kept.integrationId);
    assert.equal(account?.note, 'kept from doc');
    assert.equal(account?.syncing, false);
    assert.ok(!('password' in account) && !('webhookTokenHash' in account));
    const removed = await platform.graphql<{ imapAccountRemove: string }>('mutation ($id: String!) { imapAccountRemove(_id: $id) }', {
      id: account?._id,
    });
    assert.equal(removed.data?.imapAccountRemove, 'deleted');
    const after = await platform.graphql<{ imapAccounts: Array<Record<string, unknown>> }>('{ imapAccounts }');
    assert.ok(!after.data?.imapAccounts.some((entry) => entry.inboxId === kept.integrationId));
  });

  it('fails createIntegration with the reason when the IMAP server cannot be reached, and keeps nothing', async () => {
    const before = await platform.graphql<{ integrations: unknown[] }>('{ integrations(kind: "imap") { _id } }');
    const response = await platform.graphql(
      'mutation ($data: JSON) { integrationsCreateExternalIntegration(kind: "imap", name: "Nowhere", data: $data) { _id } }',
      { data: { host: '127.0.0.1', port: 1, tls: false, user: 'u', password: 'p' } },
    );
    assert.equal(response.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(response.errors?.[0]?.message ?? '', /imap: The IMAP server 127\.0\.0\.1:1 refused: .*ECONNREFUSED/);
    const after = await platform.graphql<{ integrations: unknown[] }>('{ integrations(kind: "imap") { _id } }');
    assert.equal(after.data?.integrations.length, before.data?.integrations.length);
  });
});
