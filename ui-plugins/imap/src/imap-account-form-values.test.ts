import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyImapAccountForm, imapIntegrationInputOf, withTls, type ImapAccountData, type ImapAccountFormValues } from './imap-account-form-values.js';

/** The account data of a form filled in for an IMAP account (not webhook-only). */
const accountData = (result: ReturnType<typeof imapIntegrationInputOf>): ImapAccountData => {
  assert.ok('input' in result && !('webhookOnly' in result.input.data));
  return result.input.data;
};

const filled: ImapAccountFormValues = {
  ...emptyImapAccountForm,
  name: ' Support ',
  host: ' imap.mail.test ',
  port: ' 993 ',
  user: ' support ',
  password: ' s3cret ',
};

test('a new form starts with TLS on port 993 and nothing else filled in', () => {
  assert.deepEqual(emptyImapAccountForm, {
    name: '',
    host: '',
    port: '993',
    tls: true,
    user: '',
    password: '',
    email: '',
    smtpServer: '',
    smtpTls: true,
    webhookOnly: false,
  });
});

test('filled-in values become the name and the data the imap plugin reads, the password exactly as typed', () => {
  assert.deepEqual(imapIntegrationInputOf(filled), {
    input: { name: 'Support', data: { host: 'imap.mail.test', port: 993, tls: true, user: 'support', password: ' s3cret ', smtpTls: true } },
  });
});

test('the outgoing settings are sent only when given, and checked', () => {
  const result = imapIntegrationInputOf({ ...filled, email: ' help@mail.test ', smtpServer: ' smtp.mail.test:587 ', smtpTls: false });
  const data = accountData(result);
  assert.deepEqual(
    { email: data.email, smtpHost: data.smtpHost, smtpPort: data.smtpPort, smtpTls: data.smtpTls },
    { email: 'help@mail.test', smtpHost: 'smtp.mail.test', smtpPort: 587, smtpTls: false },
  );
  const hostOnly = imapIntegrationInputOf({ ...filled, smtpServer: 'smtp.mail.test' });
  assert.ok(accountData(hostOnly).smtpHost === 'smtp.mail.test' && accountData(hostOnly).smtpPort === undefined);
  assert.deepEqual(imapIntegrationInputOf({ ...filled, email: 'nope', smtpServer: 'smtp.mail.test:70000' }), {
    problems: { email: 'invalid', smtpServer: 'invalid' },
  });
  assert.deepEqual(imapIntegrationInputOf({ ...filled, smtpServer: ':25' }), { problems: { smtpServer: 'invalid' } });
});

test('an empty form names every missing field', () => {
  const result = imapIntegrationInputOf({ ...emptyImapAccountForm, port: '' });
  assert.deepEqual(result, {
    problems: {
      name: 'required',
      host: 'required',
      port: 'invalid',
      user: 'required',
      password: 'required',
    },
  });
});

test('the port must be a whole number from 1 to 65535', () => {
  for (const port of ['0', '65536', '99999', '-1', '9.5', 'abc', '1e3', '']) {
    assert.deepEqual(imapIntegrationInputOf({ ...filled, port }), { problems: { port: 'invalid' } }, port);
  }
  for (const [port, expected] of [['1', 1], ['65535', 65_535], ['0143', 143]] as const) {
    const result = imapIntegrationInputOf({ ...filled, port });
    assert.equal(accountData(result).port, expected, port);
  }
});

test('switching TLS moves a standard port along and keeps one the user chose', () => {
  assert.deepEqual(withTls(emptyImapAccountForm, false), { ...emptyImapAccountForm, tls: false, port: '143' });
  assert.equal(withTls({ ...emptyImapAccountForm, tls: false, port: '143' }, true).port, '993');
  assert.deepEqual(withTls({ ...emptyImapAccountForm, port: '40123' }, false), { ...emptyImapAccountForm, port: '40123', tls: false });
});

test('receive by webhook only: the name alone, whatever the account fields hold', () => {
  assert.deepEqual(imapIntegrationInputOf({ ...emptyImapAccountForm, name: ' Web form ', webhookOnly: true, port: 'x' }), {
    input: { name: 'Web form', data: { webhookOnly: true } },
  });
  assert.deepEqual(imapIntegrationInputOf({ ...emptyImapAccountForm, webhookOnly: true }), { problems: { name: 'required' } });
});
