import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { TestPlatform } from '@lattice/platform/test-kit';
import type { Connection } from 'mongoose';
import { eventually } from '../test-support/eventually.js';
import { openImapDatabase } from '../test-support/imap-database.js';
import { conversationDetail, conversations, createImapIntegration, postRfc822, rfc822 } from '../test-support/imap-test-client.js';
import { dovecotUnavailableReason, startDovecot, type TestDovecot } from '../test-support/start-dovecot.js';
import { startImapPlatform, type ImapTestPlatform } from '../test-support/start-imap-platform.js';

const skip = dovecotUnavailableReason();
if (skip) console.log(`# skipping the sync-and-receive test: ${skip}`);

const run = randomBytes(3).toString('hex');
let dovecot: TestDovecot;
let running: ImapTestPlatform;
let platform: TestPlatform;
let imapDb: Connection;

before(async () => {
  if (skip) return;
  dovecot = await startDovecot();
  running = await startImapPlatform('imap-sync-and-receive-test');
  platform = running.platform;
});
after(async () => {
  await imapDb?.close();
  await running?.stop();
  await dovecot?.stop();
});

describe('one message arriving by mail sync and by POST /receive at once', { skip }, () => {
  it('is stored once: 1 conversation, 1 message', async () => {
    const integration = await createImapIntegration(platform, 'Both ways', {
      host: dovecot.host,
      port: dovecot.port,
      tls: false,
      user: dovecot.user,
      password: dovecot.password,
    });
    imapDb = await openImapDatabase(platform.mongoUrl);
    const messageId = `<both.${run}@mail.test>`;
    const source = rfc822({ messageId, from: `both.${run}@example.com`, subject: 'by sync and by webhook', body: 'once' });
    // The mailbox is read in order: once the marker after it is filed, sync has handled the message too.
    const markerId = `<marker.${run}@mail.test>`;

    const [, ...posted] = await Promise.all([
      dovecot.appendToInbox(source).then(() => dovecot.appendToInbox(rfc822({ messageId: markerId, from: `marker.${run}@example.com`, subject: 'marker' }))),
      ...Array.from({ length: 5 }, () => postRfc822(platform, integration, source)),
    ]);
    assert.ok(posted.some((response) => response.status === 200), JSON.stringify(posted));
    assert.deepEqual(posted.filter((response) => response.status !== 200 && response.status !== 503), [], JSON.stringify(posted));

    const marker = { messageId: markerId };
    const markerStored = await eventually(
      () => imapDb.collection('imap_messages').countDocuments({ ...marker, inboxIntegrationId: integration.integrationId }),
      (count) => count === 1,
      30_000,
    );
    assert.equal(markerStored, 1, 'mail sync filed the marker');

    assert.equal(await imapDb.collection('imap_messages').countDocuments({ messageId, inboxIntegrationId: integration.integrationId }), 1);
    const filed = (await conversations(platform, integration.integrationId)).filter((entry) => entry.content === 'by sync and by webhook');
    assert.equal(filed.length, 1);
    assert.deepEqual((await conversationDetail(platform, filed[0]!._id)).map((entry) => entry.mailData.messageId), [messageId]);
  });
});
