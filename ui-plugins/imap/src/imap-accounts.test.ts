import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountServer, imapAccountsOf } from './imap-accounts.js';

test('the served accounts become rows; a row without an _id is left out', () => {
  const served = [
    { _id: 'a1', inboxId: 'i1', host: 'imap.mail.test', port: 993, tls: true, user: 'support', createdAt: '2026-01-01', syncing: true },
    { _id: 'a2', inboxId: 'i2', syncing: false, webhookOnly: true },
    { _id: 'a3', inboxId: 'i3', host: 'down.mail.test', port: 143, tls: false, user: 'ops', mailbox: 'Support', syncing: false },
    { inboxId: 'i4', host: 'no-id.mail.test' },
    'not a row',
  ];
  assert.deepEqual(imapAccountsOf(served), [
    { _id: 'a1', inboxId: 'i1', host: 'imap.mail.test', port: 993, tls: true, user: 'support', mailbox: null, syncing: true, webhookOnly: false },
    { _id: 'a2', inboxId: 'i2', host: null, port: null, tls: null, user: null, mailbox: null, syncing: false, webhookOnly: true },
    { _id: 'a3', inboxId: 'i3', host: 'down.mail.test', port: 143, tls: false, user: 'ops', mailbox: 'Support', syncing: false, webhookOnly: false },
  ]);
  assert.deepEqual(imapAccountsOf(null), []);
  assert.deepEqual(imapAccountsOf({ _id: 'a1' }), []);
});

test('the server column shows host:port, the host alone, or a dash', () => {
  const [account] = imapAccountsOf([{ _id: 'a1', host: 'imap.mail.test', port: 143 }]);
  assert.ok(account);
  assert.equal(accountServer(account), 'imap.mail.test:143');
  assert.equal(accountServer({ ...account, port: null }), 'imap.mail.test');
  assert.equal(accountServer({ ...account, host: null }), '—');
});
