import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maxReplyBodyLength, sendMailQueue, sendReplyQueue } from './reply-queues.js';

const payload = {
  integrationId: '0123456789abcdef01234567',
  conversationId: '0123456789abcdef01234568',
  customerId: 'c1',
  body: ' Thanks, it ships today. ',
  idempotencyKey: 'reply-0001',
  author: { userId: 'u1', email: 'agent@lattice.test' },
};

describe('the sendReply queue', () => {
  it('is named after the integration and trims the body', () => {
    assert.equal(sendReplyQueue('imap').name, 'imap:sendReply');
    assert.equal(sendReplyQueue('imap').payload.parse(payload).body, 'Thanks, it ships today.');
  });

  it('refuses an empty body, one over the limit and a key that is not one, naming each', () => {
    const { payload: schema } = sendReplyQueue('imap');
    assert.throws(() => schema.parse({ ...payload, body: '   ' }), /must not be empty/);
    assert.throws(() => schema.parse({ ...payload, body: 'x'.repeat(maxReplyBodyLength + 1) }), /at most 50000 characters/);
    assert.throws(() => schema.parse({ ...payload, idempotencyKey: 'short' }), /idempotencyKey/);
    assert.throws(() => schema.parse({ ...payload, attachments: [{ filename: 'a', contentType: 'text/plain', content: '***' }] }));
  });

  it('answers the stored reply with its state, and the reason of a failed one', () => {
    const reply = { _id: 'm1', state: 'failed', error: '550 mailbox unavailable', createdAt: '2030-01-01T00:00:00.000Z' };
    assert.deepEqual(sendReplyQueue('imap').reply.parse(reply), reply);
    assert.equal(sendReplyQueue('imap').reply.safeParse({ ...reply, state: 'lost' }).success, false);
  });
});

describe('the sendMail queue', () => {
  it('is named after the mail integration and refuses what is not an address, an empty text or a made-up id', () => {
    const queue = sendMailQueue('imap');
    assert.equal(queue.name, 'imap:sendMail');
    assert.equal(queue.actsFor, 'inbox:replyToConversations', 'sends for the user who answers, as sendReply does');
    const mail = { integrationId: '0123456789abcdef01234567', to: 'visitor@example.com', subject: 'Lamp shop: an answer', text: 'Yes.' };
    assert.deepEqual(queue.payload.parse(mail), mail);
    assert.throws(() => queue.payload.parse({ ...mail, to: 'nobody' }), /to must be an e-mail address/);
    assert.throws(() => queue.payload.parse({ ...mail, text: '  ' }));
    assert.throws(() => queue.payload.parse({ ...mail, integrationId: 'x' }), /24-character/);
    assert.equal(queue.reply.safeParse({ state: 'failed', error: '550 Mailbox unavailable' }).success, true);
  });
});
