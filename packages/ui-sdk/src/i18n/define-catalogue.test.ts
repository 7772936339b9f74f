import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileCatalogue } from '../webpack/catalogue-loader.js';
import { defineCatalogue, loadDefinedCatalogues, type CatalogueMessages } from './define-catalogue.js';

// Compiled as the build compiles them, so the runtime never parses a message here either.
const compiled = (messages: Record<string, string>, file: string) => compileCatalogue(JSON.stringify(messages), file) as unknown as CatalogueMessages;

const en = compiled(
  {
    items: '{count, plural, one {# item} other {# items}}',
    greeting: 'Hello {name}',
    total: 'Total: {amount, number}',
    'only.english': 'Not translated yet',
  },
  'en.json',
);
const de = compiled({ items: '{count, plural, one {# Eintrag} other {# Einträge}}', greeting: 'Hallo {name}', total: 'Summe: {amount, number}' }, 'de.json');

test('the source language is there at once, with ICU plurals and values', () => {
  const catalogue = defineCatalogue(en, { de: async () => ({ default: de }) });
  const i18n = catalogue.instance('en');
  assert.ok(i18n);
  assert.equal(i18n._('items', { count: 1 }), '1 item');
  assert.equal(i18n._('items', { count: 5 }), '5 items');
  assert.equal(i18n._('greeting', { name: 'Ada' }), 'Hello Ada');
  assert.equal(i18n._('total', { amount: 1234.5 }), 'Total: 1,234.5');
  assert.equal(catalogue.instance('de'), undefined, 'German is fetched only when asked for');
});

test('a translation loads once, formats in its language and falls back to the source for an id it lacks', async () => {
  let fetched = 0;
  const catalogue = defineCatalogue(en, {
    de: async () => {
      fetched += 1;
      return { default: de };
    },
  });
  await Promise.all([catalogue.load('de'), catalogue.load('de')]);
  const i18n = catalogue.instance('de');
  assert.ok(i18n);
  assert.equal(fetched, 1);
  assert.equal(i18n._('items', { count: 1 }), '1 Eintrag');
  assert.equal(i18n._('items', { count: 3 }), '3 Einträge');
  assert.equal(i18n._('total', { amount: 1234.5 }), 'Summe: 1.234,5');
  assert.equal(i18n._('only.english'), 'Not translated yet');
});

test('a language a plugin does not ship, or cannot fetch, shows its source messages', async () => {
  const silent = defineCatalogue(en);
  const broken = defineCatalogue(en, { de: () => Promise.reject(new Error('chunk failed')) });
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    await loadDefinedCatalogues('de');
  } finally {
    console.warn = warn;
  }
  assert.equal(silent.instance('de')?._('items', { count: 2 }), '2 items');
  assert.equal(broken.instance('de')?._('greeting', { name: 'Ada' }), 'Hello Ada');
});

test('the build refuses a message that does not parse, naming the file and the id', () => {
  assert.throws(() => compileCatalogue('{"broken": "{count, plural, one {"}', 'src/locales/de.json'), /src\/locales\/de\.json: "broken" is not a valid ICU message/);
  assert.throws(() => compileCatalogue('{"count": 3}', 'src/locales/de.json'), /"count" is not a string/);
});
