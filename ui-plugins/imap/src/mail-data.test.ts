import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatAddress, formatAddressList, mailDataOf } from './mail-data.js';

test('an address shows as "Name <email>", or just the email when there is no name', () => {
  assert.equal(formatAddress({ name: 'Alice Ames', email: 'alice@mail.test' }), 'Alice Ames <alice@mail.test>');
  assert.equal(formatAddress({ name: '', email: 'bob@mail.test' }), 'bob@mail.test');
  assert.equal(formatAddress({ name: '  ', email: ' bob@mail.test ' }), 'bob@mail.test');
  assert.equal(formatAddress({ name: 'Only Name', email: '' }), 'Only Name');
});

test('a list of addresses is joined by ", " and skips empty entries', () => {
  const list = [
    { name: 'Alice Ames', email: 'alice@mail.test' },
    { name: '', email: '' },
    { name: '', email: 'bob@mail.test' },
  ];
  assert.equal(formatAddressList(list), 'Alice Ames <alice@mail.test>, bob@mail.test');
  assert.equal(formatAddressList([]), '');
});

test('mailData is read as it is served, and anything missing or malformed becomes empty', () => {
  const served = {
    messageId: '<m1@mail.test>',
    from: [{ name: 'Alice Ames', email: 'alice@mail.test' }],
    to: [{ name: '', email: 'support@mail.test' }],
    cc: [],
    bcc: [],
    subject: 'Invoice question',
    body: 'Hello',
    html: '<p>Hello</p>',
  };
  assert.deepEqual(mailDataOf(served), { ...served, createdAt: '', outgoing: null });
  assert.deepEqual(mailDataOf(null), { messageId: '', from: [], to: [], cc: [], bcc: [], subject: '', body: '', html: '', createdAt: '', outgoing: null });
  const odd = mailDataOf({ from: 'alice@mail.test', to: [null, { email: 7, name: 'Bob' }], subject: 3 });
  assert.deepEqual(odd.from, []);
  assert.deepEqual(odd.to, [{ name: 'Bob', email: '' }]);
  assert.equal(odd.subject, '');
});

test('a reply carries its state, reason and key; an unknown state reads as sent', () => {
  const failed = mailDataOf({ direction: 'outgoing', state: 'failed', error: '550 Mailbox unavailable', idempotencyKey: 'k-1', createdAt: '2030-01-01T00:00:00.000Z' });
  assert.deepEqual(failed.outgoing, { state: 'failed', error: '550 Mailbox unavailable', idempotencyKey: 'k-1' });
  assert.equal(failed.createdAt, '2030-01-01T00:00:00.000Z');
  assert.equal(mailDataOf({ direction: 'outgoing', state: 'lost' }).outgoing?.state, 'sent');
  assert.equal(mailDataOf({ direction: 'incoming', state: 'failed' }).outgoing, null);
});
