import assert from 'node:assert/strict';
import { test } from 'node:test';
import { receiveUrl } from './receive-url.js';

test("a kind's receive URL is under /integrations/ on the page's origin", () => {
  assert.equal(receiveUrl('https://lattice.example.com', 'imap'), 'https://lattice.example.com/integrations/imap/receive');
  assert.equal(receiveUrl('http://127.0.0.1:3000/', 'mail channel'), 'http://127.0.0.1:3000/integrations/mail%20channel/receive');
});
