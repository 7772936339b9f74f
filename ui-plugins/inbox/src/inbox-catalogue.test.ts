import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from './locales/en.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import { inboxCatalogue } from './inbox-catalogue.js';

// `{name}`, `{count, plural, …}` and `<tag>`; a plural's branches (`{# items}`) are text, not placeholders.
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

test('German has every message of English, with the same placeholders and tags', () => {
  assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
  for (const [id, message] of Object.entries(en)) assert.deepEqual(placeholders(de[id as keyof typeof de]), placeholders(message), id);
});

test('counts are plurals in both languages, and numbers follow the language', async () => {
  await inboxCatalogue.load('de');
  const english = inboxCatalogue.instance('en');
  const german = inboxCatalogue.instance('de');
  assert.ok(english && german);
  assert.deepEqual([1, 2].map((count) => english._('inbox.count', { count })), ['1 conversation', '2 conversations']);
  assert.deepEqual([1, 2].map((count) => german._('inbox.count', { count })), ['1 Unterhaltung', '2 Unterhaltungen']);
  assert.equal(german._('inbox.count', { count: 1200 }), '1.200 Unterhaltungen');
  assert.equal(german._('paging.position', { page: 2, pages: 3 }), 'Seite 2 von 3');
  assert.equal(english._('integrations.created', { name: 'Support' }), 'Integration "Support" created');
});
