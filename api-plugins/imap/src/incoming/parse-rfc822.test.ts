import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRfc822 } from './parse-rfc822.js';
import { mailData } from '../graphql/mail-data.js';

const alternative = [
  'From: Shop News <news@shop.test>',
  'To: support@lattice.test',
  'Subject: Shipped',
  'Message-ID: <shipped-1@shop.test>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Your order has shipped.',
  '--b1',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<p>Your order has <strong>shipped</strong>.</p><script>alert(1)</script>',
  '--b1--',
  '',
].join('\r\n');

test('a mail with an HTML part keeps it as sent beside its text; conversation detail serves it as mailData.html', async () => {
  const message = await parseRfc822(Buffer.from(alternative));
  assert.equal(message.body?.trim(), 'Your order has shipped.');
  // Stored as sent: the UI sanitises where it shows it (a sanitiser's rules change; the mail does not).
  assert.equal(message.html?.trim(), '<p>Your order has <strong>shipped</strong>.</p><script>alert(1)</script>');
  const served = mailData({ ...message, _id: 'm1', inboxIntegrationId: 'i1', inboxConversationId: 'c1', createdAt: new Date(0), references: [] });
  assert.equal(served.html, message.html);
});

test('a text-only mail has no HTML part, and mailData has no html key', async () => {
  const plain = alternative.replace(/MIME-Version[\s\S]*$/, 'Content-Type: text/plain\r\n\r\nLine one\r\nLine two\r\n');
  const message = await parseRfc822(Buffer.from(plain));
  assert.equal(message.html, undefined);
  assert.equal(message.body, 'Line one\nLine two\n');
  const served = mailData({ ...message, _id: 'm2', inboxIntegrationId: 'i1', inboxConversationId: 'c1', createdAt: new Date(0), references: [] });
  assert.equal('html' in served, false);
});
