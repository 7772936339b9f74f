import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import type { Connection } from 'mongoose';
import { openImapDatabase } from './test-support/imap-database.js';
import {
  contactsCount,
  conversationDetail,
  conversations,
  createImapIntegration,
  postJson,
  postRfc822,
  rfc822,
  type TestIntegration,
} from './test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from './test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');
const id = (name: string) => `<${name}.${run}@mail.test>`;
const megabytes = (count: number) => 'x'.repeat(count * 1024 * 1024);

let running: ImapTestPlatform;
let platform: TestPlatform;
let imapDb: Connection;

before(async () => {
  running = await startImapPlatform('imap-ingest-integrity-test');
  platform = running.platform;
  // The plugin makes its database when it starts; an integration makes sure it holds something.
  await createImapIntegration(platform, 'Warm-up');
  imapDb = await openImapDatabase(platform.mongoUrl);
});
after(async () => {
  await imapDb?.close();
  await running?.stop();
});

/** What was stored for a message and its sender: the records a duplicate or a half-stored delivery would add. */
async function storedFor(integration: TestIntegration, messageId: string, email: string) {
  return {
    messages: await imapDb.collection('imap_messages').countDocuments({ messageId, inboxIntegrationId: integration.integrationId }),
    conversations: (await conversations(platform, integration.integrationId)).length,
    localCustomers: await imapDb.collection('imap_customers').countDocuments({ email, inboxIntegrationId: integration.integrationId }),
    contacts: await contactsCount(platform, email),
  };
}

describe('a message is claimed by its Message-ID before anything is stored for it', () => {
  it('20 concurrent posts of one message give 1 conversation and 1 message; the others are skipped or told to retry', async () => {
    const integration = await createImapIntegration(platform, 'Twenty copies');
    const email = `copies.${run}@example.com`;
    const message = { messageId: id('copies'), subject: 'sent twenty times', body: 'once is enough', from: [{ address: email }] };

    const responses = await Promise.all(Array.from({ length: 20 }, () => postJson(platform, integration, message)));

    const statuses = responses.map((response) => response.status);
    assert.ok(statuses.includes(200), JSON.stringify(responses));
    // 200: stored, or found stored; 503: another copy was storing it right then (deliver again later).
    assert.deepEqual(statuses.filter((status) => status !== 200 && status !== 503), [], JSON.stringify(responses));
    for (const refused of responses.filter((response) => response.status === 503)) assert.match(refused.text, /being stored by another delivery/);
    assert.deepEqual(await storedFor(integration, message.messageId, email), { messages: 1, conversations: 1, localCustomers: 1, contacts: 1 });

    // What a sender told to retry does: delivering again is answered 200 and adds nothing.
    assert.equal((await postJson(platform, integration, message)).status, 200);
    const [conversation] = await conversations(platform, integration.integrationId);
    assert.equal(conversation?.content, 'sent twenty times');
    assert.deepEqual((await conversationDetail(platform, conversation!._id)).map((entry) => entry.mailData.body), ['once is enough']);
  });

  it('the same message over both forms at once (JSON and RFC 822) is stored once', async () => {
    const integration = await createImapIntegration(platform, 'Both forms');
    const email = `forms.${run}@example.com`;
    const messageId = id('forms');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? postJson(platform, integration, { messageId, subject: 'two forms', from: [{ address: email }] })
          : postRfc822(platform, integration, rfc822({ messageId, from: email, subject: 'two forms' })),
      ),
    );
    assert.ok(responses.some((response) => response.status === 200), JSON.stringify(responses));
    assert.deepEqual((await storedFor(integration, messageId, email)).messages, 1);
    assert.equal((await conversations(platform, integration.integrationId)).length, 1);
  });
});

describe('a delivery that fails midway leaves what it created for the next delivery to reuse', () => {
  it('the message insert (the first write) refused by the database creates nothing elsewhere; a retry: 1 conversation, 1 message', async () => {
    const integration = await createImapIntegration(platform, 'Store failure');
    const email = `failure.${run}@example.com`;
    const subject = `refused by the database ${run}`;
    const message = { messageId: id('failure'), subject, body: 'stored on the second try', from: [{ address: email }] };
    // The failure is real but arranged: the test gives imap_messages a unique index that only this subject falls
    // under, and a record holding it, so MongoDB refuses the Message insert, the flow's first write. No plugin
    // code is replaced; neither the customer (contacts and local) nor the conversation is created before it.
    const messages = imapDb.collection('imap_messages');
    const blockingIndex = await messages.createIndex({ subject: 1 }, { unique: true, partialFilterExpression: { subject }, name: `block-${run}` });
    const blocker = await messages.insertOne({ subject, messageId: `<blocker.${run}@mail.test>`, inboxIntegrationId: 'blocker' });

    const failed = await postJson(platform, integration, message);
    assert.equal(failed.status, 500, failed.text);
    assert.deepEqual(await storedFor(integration, message.messageId, email), { messages: 0, conversations: 0, localCustomers: 0, contacts: 0 });

    await messages.deleteOne({ _id: blocker.insertedId });
    await messages.dropIndex(blockingIndex);
    const retried = await postJson(platform, integration, message);
    assert.equal(retried.status, 200, retried.text);
    assert.deepEqual(await storedFor(integration, message.messageId, email), { messages: 1, conversations: 1, localCustomers: 1, contacts: 1 });
    const [conversation] = await conversations(platform, integration.integrationId);
    assert.equal(conversation?.content, subject);
    assert.deepEqual((await conversationDetail(platform, conversation!._id)).map((entry) => entry.mailData.messageId), [message.messageId]);
  });

  it('a message too large to be stored (a 20 MB body under the 25 MB limit) is refused with 400 before anything is created', async () => {
    const integration = await createImapIntegration(platform, 'Too large to store');
    const email = `huge.${run}@example.com`;
    const message = { messageId: id('huge'), subject: 'twenty megabytes', body: megabytes(20), from: [{ address: email }] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await postJson(platform, integration, message);
      assert.equal(refused.status, 400, refused.text);
      assert.match(refused.text, /too large to store/);
    }
    assert.deepEqual(await storedFor(integration, message.messageId, email), { messages: 0, conversations: 0, localCustomers: 0, contacts: 0 });
  });
});

describe('POST /receive body limit (default 25 MB)', () => {
  it('a 30 MB body is answered 413 before it is parsed, and nothing is stored (JSON and RFC 822)', async () => {
    const integration = await createImapIntegration(platform, 'Thirty megabytes');
    const email = `thirty.${run}@example.com`;
    const messageId = id('thirty');

    const json = await postJson(platform, integration, { messageId, subject: 'thirty', body: megabytes(30), from: [{ address: email }] });
    assert.equal(json.status, 413, json.text);
    assert.match(json.text, /larger than 25 MB/);
    const raw = await postRfc822(platform, integration, rfc822({ messageId, from: email, body: megabytes(30) }));
    assert.equal(raw.status, 413, raw.text);

    assert.deepEqual(await storedFor(integration, messageId, email), { messages: 0, conversations: 0, localCustomers: 0, contacts: 0 });
    assert.equal(await imapDb.collection('imap_message_claims').countDocuments({ messageId }), 0);
  });

  it('a body streamed without a length is cut off at the limit with 413', async () => {
    const integration = await createImapIntegration(platform, 'Streamed');
    const chunk = Buffer.from(megabytes(1));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 30) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const response = await fetch(`${platform.gatewayUrl}/pl:imap/receive?integrationId=${integration.integrationId}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', 'x-integration-token': integration.token },
      body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413, await response.text());
    assert.equal((await conversations(platform, integration.integrationId)).length, 0);
  });
});
