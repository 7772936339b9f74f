import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyImapAccountForm, imapIntegrationInputOf, withTls, type ImapAccountFormValues } from './imap-account-form-values.js';

const filled: ImapAccountFormValues = { name: ' Support ', host: ' imap.mail.test ', port: ' 993 ', tls: true, user: ' support ', password: ' s3cret ' };

test('a new form starts with TLS on port 993 and nothing else filled in', () => {
  assert.deepEqual(emptyImapAccountForm, { name: '', host: '', port: '993', tls: true, user: '', password: '' });
});

test('filled-in values become the name and the data the imap plugin reads, the password exactly as typed', () => {
  assert.deepEqual(imapIntegrationInputOf(filled), {
    input: { name: 'Support', data: { host: 'imap.mail.test', port: 993, tls: true, user: 'support', password: ' s3cret ' } },
  });
});

test('an empty form names every missing field', () => {
  const result = imapIntegrationInputOf({ ...emptyImapAccountForm, port: '' });
  assert.deepEqual(result, {
    problems: {
      name: 'Name is required',
      host: 'IMAP host is required',
      port: 'Port must be a whole number from 1 to 65535',
      user: 'User is required',
      password: 'Password is required',
    },
  });
});

test('the port must be a whole number from 1 to 65535', () => {
  for (const port of ['0', '65536', '99999', '-1', '9.5', 'abc', '1e3', '']) {
    assert.deepEqual(imapIntegrationInputOf({ ...filled, port }), { problems: { port: 'Port must be a whole number from 1 to 65535' } }, port);
  }
  for (const [port, expected] of [['1', 1], ['65535', 65_535], ['0143', 143]] as const) {
    const result = imapIntegrationInputOf({ ...filled, port });
    assert.ok('input' in result, port);
    assert.equal(result.input.data.port, expected);
  }
});

test('switching TLS moves a standard port along and keeps one the user chose', () => {
  assert.deepEqual(withTls(emptyImapAccountForm, false), { ...emptyImapAccountForm, tls: false, port: '143' });
  assert.equal(withTls({ ...emptyImapAccountForm, tls: false, port: '143' }, true).port, '993');
  assert.deepEqual(withTls({ ...emptyImapAccountForm, port: '40123' }, false), { ...emptyImapAccountForm, port: '40123', tls: false });
});
