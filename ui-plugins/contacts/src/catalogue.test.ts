import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogue } from './catalogue.js';
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };

test('German has every message English has, and no other', () => {
  assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
});

test('counts are plurals in both languages, with numbers as the language writes them', async () => {
  await catalogue.load('de');
  const english = catalogue.instance('en');
  const german = catalogue.instance('de');
  assert.ok(english && german);
  assert.equal(english._('list.count.all', { total: 1 }), '1 customer');
  assert.equal(english._('list.count.filtered', { matching: 1234, total: 5000 }), '1,234 of 5,000 customers');
  assert.equal(german._('list.count.all', { total: 1 }), '1 Kunde');
  assert.equal(german._('list.count.filtered', { matching: 1234, total: 5000 }), '1.234 von 5.000 Kunden');
  assert.equal(english._('conversations.count', { count: 2 }), '2 conversations');
  assert.equal(german._('conversations.count', { count: 1 }), '1 Unterhaltung');
});
