import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { compileCatalogue } from '../webpack/catalogue-loader.js';
import { defineCatalogue, type CatalogueMessages } from './define-catalogue.js';
import { LocaleContext } from './locale-context.js';
import { supportedLocales } from './locales.js';
import { Message } from './Message.js';
import { useFormat } from './use-format.js';
import { useMessages } from './use-messages.js';

const compiled = (messages: Record<string, string>) => compileCatalogue(JSON.stringify(messages), 'test.json') as unknown as CatalogueMessages;
const catalogue = defineCatalogue(compiled({ help: 'Read <link>the guide</link>, {name}.', items: '{count, plural, one {# item} other {# items}}' }), {
  de: async () => ({ default: compiled({ help: 'Lies <link>die Anleitung</link>, {name}.', items: '{count, plural, one {# Eintrag} other {# Einträge}}' }) }),
});

function Page() {
  const t = useMessages(catalogue);
  const format = useFormat();
  return createElement(
    'p',
    null,
    t('items', { count: 2 }),
    ' · ',
    format.date('2026-11-24T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' }),
    ' · ',
    createElement(Message, { catalogue, id: 'help', values: { name: 'Ada' }, components: { link: createElement('a', { href: '/guide' }) } }),
  );
}

const inLocale = (locale: 'en' | 'de') =>
  renderToStaticMarkup(createElement(LocaleContext.Provider, { value: { locale, locales: supportedLocales, setLocale: async () => undefined } }, createElement(Page)));

test('components render messages, markup and dates in the active language', async () => {
  // The markup renderer loads on first use; meanwhile the sentence shows without its link.
  assert.equal(inLocale('en'), '<p>2 items · November 24, 2026 · Read the guide, Ada.</p>');
  await import('./MessageMarkup.js');
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(inLocale('en'), '<p>2 items · November 24, 2026 · Read <a href="/guide">the guide</a>, Ada.</p>');
  await catalogue.load('de');
  assert.equal(inLocale('de'), '<p>2 Einträge · 24. November 2026 · Lies <a href="/guide">die Anleitung</a>, Ada.</p>');
});
