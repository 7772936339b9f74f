import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitQuotedText } from './quoted-text.js';

test('a reply keeps its own lines and folds the attribution and the quoted lines below', () => {
  const body = 'Thanks, that works.\n\nBest,\nAlice\n\nOn Mon, 2 Mar 2026, Support <support@lattice.test> wrote:\n> Try again now.\n> \n> Support';
  assert.deepEqual(splitQuotedText(body), {
    own: 'Thanks, that works.\n\nBest,\nAlice',
    quoted: 'On Mon, 2 Mar 2026, Support <support@lattice.test> wrote:\n> Try again now.\n> \n> Support',
  });
});

test('German attribution and an Outlook-style original message are folded too', () => {
  assert.equal(splitQuotedText('Danke!\nAm 02.03.2026 schrieb Support:\n> Bitte erneut.').own, 'Danke!');
  assert.equal(splitQuotedText('See below.\n-----Original Message-----\nFrom: Bob').quoted, '-----Original Message-----\nFrom: Bob');
});

test('a mail without a quote, or nothing but a quote, shows whole', () => {
  assert.deepEqual(splitQuotedText('Line one\nLine two'), { own: 'Line one\nLine two', quoted: '' });
  assert.deepEqual(splitQuotedText('> only quoted\n> text'), { own: '> only quoted\n> text', quoted: '' });
});
