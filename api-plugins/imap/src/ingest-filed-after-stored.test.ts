import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { Types, type Connection } from 'mongoose';
import { fileUnfiledMessages } from './incoming/file-unfiled-messages.js';
import { IncomingStore } from './incoming/incoming-store.js';
import { loadModels } from './models/load-models.js';
import { openImapDatabase, openPluginDatabase } from './test-support/imap-database.js';
import { conversationDetail, conversations, createImapIntegration, postJson, type TestIntegration } from './test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from './test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');

let running: ImapTestPlatform;
let platform: TestPlatform;
let imapDb: Connection;
let inboxDb: Connection;

before(async () => {
  running = await startImapPlatform('imap-filed-after-stored-test');
  platform = running.platform;
  await createImapIntegration(platform, 'Warm-up');
  imapDb = await openImapDatabase(platform.mongoUrl);
  inboxDb = await openPluginDatabase(platform.mongoUrl, 'inbox');
});
after(async () => {
  await imapDb?.close();
  await inboxDb?.close();
  await running?.stop();
});

/**
 * Makes the inbox refuse to file a conversation with this content, for real: a unique index on the inbox's
 * conversations that only this content falls under, and a record (of no integration the test uses) holding
 * it. No plugin code is replaced; the inbox's answer to imap is an error, as when it fails midway.
 */
async function inboxRefusing(content: string, keyPattern: Record<string, 1> = { content: 1 }): Promise<{ lift: () => Promise<void> }> {
  const collection = inboxDb.collection('conversations');
  // Two refusals at once need two key patterns: an index on the same keys is refused whatever its filter.
  const name = `refuse-${run}-${Object.keys(keyPattern).join('-')}`;
  const index = await collection.createIndex(keyPattern, { unique: true, partialFilterExpression: { content }, name });
  const blocker = await collection.insertOne({ content, status: 'open', integrationId: 'blocker' });
  return {
    lift: async () => {
      await collection.deleteOne({ _id: blocker.insertedId });
      await collection.dropIndex(index);
    },
  };
}

async function storedMessage(integration: TestIntegration, messageId: string) {
  return imapDb.collection('imap_messages').find({ inboxIntegrationId: integration.integrationId, messageId }).toArray();
}

describe('a message is stored before the inbox files its conversation (whole or nothing)', () => {
  it('an inbox that fails to file it shows no conversation while the sender has given up; a redelivery gives one conversation with one message', async () => {
    const integration = await createImapIntegration(platform, 'Inbox refuses');
    const subject = `refused by the inbox ${run}`;
    const message = { messageId: `<refused.${run}@mail.test>`, subject, body: 'filed on redelivery', from: [{ address: `refused.${run}@example.com` }] };
    const refusing = await inboxRefusing(subject);

    // The sender is told to deliver again later, twice; then it gives up for now.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const refused = await postJson(platform, integration, message);
      assert.equal(refused.status, 503, refused.text);
    }
    assert.deepEqual(await conversations(platform, integration.integrationId), [], 'the inbox lists no conversation for the message');
    const [waiting, ...more] = await storedMessage(integration, message.messageId);
    assert.deepEqual(more, [], 'stored once');
    assert.ok(waiting?.unfiledSince instanceof Date, 'stored, waiting to be filed');
    assert.equal(await inboxDb.collection('conversations').countDocuments({ _id: new Types.ObjectId(String(waiting.inboxConversationId)) }), 0);

    await refusing.lift();
    const delivered = await postJson(platform, integration, message);
    assert.equal(delivered.status, 200, delivered.text);
    const filed = await conversations(platform, integration.integrationId);
    assert.deepEqual(filed.map((conversation) => conversation.content), [subject], 'exactly one conversation');
    assert.deepEqual((await conversationDetail(platform, filed[0]!._id)).map((entry) => entry.mailData.messageId), [message.messageId]);
    const [stored] = await storedMessage(integration, message.messageId);
    assert.equal(stored?.inboxConversationId, filed[0]!._id, 'filed under the id it was stored with');
    assert.equal(stored?.unfiledSince, undefined);

    // Delivered once more: rule 1 skips it, nothing is added.
    assert.equal((await postJson(platform, integration, message)).status, 200);
    assert.equal((await conversations(platform, integration.integrationId)).length, 1);
    assert.equal((await storedMessage(integration, message.messageId)).length, 1);
  });

  it('a reply stored while its thread waits to be filed lands in the same conversation once both are filed', async () => {
    const integration = await createImapIntegration(platform, 'Thread waits');
    const subject = `thread opening ${run}`;
    const opening = { messageId: `<opening.${run}@mail.test>`, subject, body: 'first', from: [{ address: `thread.${run}@example.com` }] };
    const reply = { messageId: `<reply.${run}@mail.test>`, inReplyTo: opening.messageId, subject: `Re: ${subject}`, body: 'second', from: opening.from };
    const refusing = await inboxRefusing(subject);
    assert.equal((await postJson(platform, integration, opening)).status, 503);
    await refusing.lift();

    // The reply files the thread's conversation (under the id the opening was stored with); the opening follows.
    assert.equal((await postJson(platform, integration, reply)).status, 200);
    assert.equal((await postJson(platform, integration, opening)).status, 200);
    const filed = await conversations(platform, integration.integrationId);
    assert.equal(filed.length, 1, JSON.stringify(filed));
    const messages = (await conversationDetail(platform, filed[0]!._id)).map((entry) => entry.mailData.messageId);
    assert.deepEqual(messages.toSorted(), [opening.messageId, reply.messageId].toSorted());
  });

  it('the sweep files a message whose sender never delivered it again', async () => {
    const integration = await createImapIntegration(platform, 'Sender gave up');
    const subject = `never delivered again ${run}`;
    const message = { messageId: `<gave-up.${run}@mail.test>`, subject, from: [{ address: `gave-up.${run}@example.com` }] };
    const refusing = await inboxRefusing(subject);
    assert.equal((await postJson(platform, integration, message)).status, 503);
    assert.deepEqual(await conversations(platform, integration.integrationId), []);

    // A sweep while the inbox still refuses fails and files nothing; once it files again, the sweep files it.
    const store = new IncomingStore(loadModels(imapDb));
    const announced: string[] = [];
    const announce = async (stored: { _id: string }) => void announced.push(stored._id);
    await assert.rejects(fileUnfiledMessages(store, running.broker, announce, new Date()));
    assert.deepEqual(await conversations(platform, integration.integrationId), []);
    await refusing.lift();
    assert.ok((await fileUnfiledMessages(store, running.broker, announce, new Date())) >= 1);

    const filed = await conversations(platform, integration.integrationId);
    assert.deepEqual(filed.map((conversation) => conversation.content), [subject]);
    const [stored] = await storedMessage(integration, message.messageId);
    assert.deepEqual((await conversationDetail(platform, filed[0]!._id)).map((entry) => entry._id), [String(stored!._id)]);
    assert.ok(announced.includes(String(stored!._id)), 'announced once filed');
    assert.equal((await postJson(platform, integration, message)).status, 200);
    assert.equal((await conversations(platform, integration.integrationId)).length, 1);
  });

  it('a message the inbox keeps refusing does not hold up the sweep for the others', async () => {
    const integration = await createImapIntegration(platform, 'One refused for good');
    const refusedSubject = `refused for good ${run}`;
    const laterSubject = `filed behind it ${run}`;
    const refused = { messageId: `<for-good.${run}@mail.test>`, subject: refusedSubject, from: [{ address: `for-good.${run}@example.com` }] };
    const later = { messageId: `<behind.${run}@mail.test>`, subject: laterSubject, from: [{ address: `behind.${run}@example.com` }] };
    const refusing = await inboxRefusing(refusedSubject);
    const refusingLater = await inboxRefusing(laterSubject, { content: 1, status: 1 });
    try {
      // Both stored, neither filed: the refused one has waited longer.
      assert.equal((await postJson(platform, integration, refused)).status, 503);
      assert.equal((await postJson(platform, integration, later)).status, 503);
      await refusingLater.lift();

      const store = new IncomingStore(loadModels(imapDb));
      const announce = async () => undefined;
      // The first sweep meets the refused one first and stops; the next files the other, before it.
      await assert.rejects(fileUnfiledMessages(store, running.broker, announce, new Date()));
      await assert.rejects(fileUnfiledMessages(store, running.broker, announce, new Date()));
      const filed = await conversations(platform, integration.integrationId);
      assert.deepEqual(filed.map((conversation) => conversation.content), [laterSubject]);
      const [stillWaiting] = await storedMessage(integration, refused.messageId);
      assert.ok(stillWaiting?.['unfiledSince'] instanceof Date, 'the refused message stays stored, waiting to be filed');
    } finally {
      await refusing.lift();
    }
  });
});
