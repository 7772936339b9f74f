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
  };
  assert.deepEqual(mailDataOf(served), served);
  assert.deepEqual(mailDataOf(null), { messageId: '', from: [], to: [], cc: [], bcc: [], subject: '', body: '' });
  const odd = mailDataOf({ from: 'alice@mail.test', to: [null, { email: 7, name: 'Bob' }], subject: 3 });
  assert.deepEqual(odd.from, []);
  assert.deepEqual(odd.to, [{ name: 'Bob', email: '' }]);
  assert.equal(odd.subject, '');
});
