import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import type { Connection } from 'mongoose';
import { closeBrokerConnectionsNamed, rabbitmqctlUnavailableReason } from './test-support/close-broker-connections.js';
import { openImapDatabase, openPluginDatabase } from './test-support/imap-database.js';
import { createImapIntegration, postJson, type TestIntegration } from './test-support/imap-test-client.js';
import { startImapPlatform, type ImapTestPlatform } from './test-support/start-imap-platform.js';

const run = randomBytes(3).toString('hex');
const connectionName = `imap-broker-loss-${run}`;
const concurrentSenders = 16;
const senders = 6;
const retryForMs = 120_000;

let running: ImapTestPlatform | undefined;
let platform: TestPlatform;
let imapDb: Connection;
let inboxDb: Connection;
let skipReason: string | undefined;

before(async () => {
  skipReason = await rabbitmqctlUnavailableReason();
  if (skipReason) return;
  running = await startImapPlatform(connectionName);
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

/** Every answer any delivery got, in the order they came. */
const answered: number[] = [];

/** What a sender does: delivers again after every 503 until the message is taken, within a bound. */
async function deliverUntilTaken(integration: TestIntegration, message: Record<string, unknown>): Promise<number[]> {
  const statuses: number[] = [];
  const deadline = Date.now() + retryForMs;
  for (;;) {
    const { status } = await postJson(platform, integration, message);
    statuses.push(status);
    answered.push(status);
    if (status !== 503 || Date.now() > deadline) return statuses;
    // A sender's back-off between deliveries, not a wait for readiness: the next delivery may still get 503.
    await delay(200);
  }
}

/** Conversations of the integration without a stored message filed under them: what the inbox must never show. */
async function orphanConversations(integrationId: string): Promise<unknown[]> {
  const stored = await imapDb.collection('imap_messages').distinct('inboxConversationId', { inboxIntegrationId: integrationId });
  const withMessage = new Set(stored.map(String));
  const filed = await inboxDb.collection('conversations').find({ integrationId }, { projection: { content: 1 } }).toArray();
  return filed.filter((conversation) => !withMessage.has(String(conversation._id))).map((conversation) => conversation.content);
}

describe('a RabbitMQ connection dropped during ingest', () => {
  it('shows no conversation without its message while senders have given up, and none twice once they delivered again', async (context) => {
    if (skipReason) {
      console.log(`# skipped: ${skipReason}`);
      context.skip(skipReason);
      return;
    }
    const integration = await createImapIntegration(platform, 'Broker loss');
    const messages: Array<Record<string, unknown>> = [];
    const newMessage = () => {
      const index = messages.length;
      const message = {
        messageId: `<loss.${index}.${run}@mail.test>`,
        subject: `message ${index}`,
        body: `body ${index}`,
        from: [{ address: `sender${index % senders}.${run}@example.com` }],
      };
      messages.push(message);
      return message;
    };

    // Senders deliver new messages one after another until the drop is over, each giving up on a message that
    // was refused. Once messages are being stored (contacts and inbox calls in flight), RabbitMQ closes the
    // platform's connection; again, up to three times, while no delivery has been refused yet, so that the drop
    // surely cut into ingest.
    let dropsOver = false;
    const givenUp: Array<Record<string, unknown>> = [];
    const sending = Promise.all(
      Array.from({ length: concurrentSenders }, async () => {
        while (!dropsOver) {
          const message = newMessage();
          const { status } = await postJson(platform, integration, message);
          answered.push(status);
          if (status !== 200) givenUp.push(message);
        }
      }),
    );
    let drops = 0;
    try {
      while (!answered.includes(200)) await delay(20);
      for (let attempt = 0; attempt < 3 && !answered.includes(503); attempt++) {
        drops += await closeBrokerConnectionsNamed(connectionName);
        await delay(2_000);
      }
    } finally {
      dropsOver = true;
    }
    await sending;

    assert.ok(drops >= 1, 'RabbitMQ closed the platform connection during ingest');
    assert.ok(answered.includes(503), `some deliveries were refused while the broker was away: ${JSON.stringify(answered)}`);
    assert.deepEqual(answered.filter((status) => status !== 200 && status !== 503), [], 'refused only with 503');
    assert.deepEqual(await orphanConversations(integration.integrationId), [], 'no conversation without its message while the senders have given up');

    // The senders come back and deliver every refused message again, until it is taken.
    const finalAnswers = await Promise.all(givenUp.map(async (message) => (await deliverUntilTaken(integration, message)).at(-1)));
    assert.deepEqual(finalAnswers, givenUp.map(() => 200), 'every message was taken in the end');
    const messageCount = messages.length;

    const stored = await imapDb
      .collection('imap_messages')
      .find({ inboxIntegrationId: integration.integrationId }, { projection: { messageId: 1, inboxConversationId: 1, unfiledSince: 1 } })
      .toArray();
    assert.equal(stored.length, messageCount, 'one Message record per message, none twice');
    assert.equal(new Set(stored.map((message) => message.messageId)).size, messageCount);
    assert.deepEqual(stored.filter((message) => message.unfiledSince), [], 'every message filed');

    assert.deepEqual(await orphanConversations(integration.integrationId), [], 'no conversation without its message');
    const filed = await inboxDb.collection('conversations').countDocuments({ integrationId: integration.integrationId });
    assert.equal(filed, messageCount, 'one conversation per message (each starts a thread of its own)');
  });
});
