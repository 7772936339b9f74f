import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { MantineProvider } from '@mantine/core';
import { LocaleContext } from '../i18n/locale-context.js';
import { supportedLocales, type Locale } from '../i18n/locales.js';
import { DateInput, type DateInputProps } from './DateInput.js';

/** The text the date input shows once its lazy part has loaded (prerender waits for every Suspense). */
async function shownValue(locale: Locale, props: DateInputProps): Promise<string> {
  const element = createElement(
    MantineProvider,
    null,
    createElement(LocaleContext.Provider, { value: { locale, locales: supportedLocales, setLocale: async () => undefined } }, createElement(DateInput, props)),
  );
  const { prelude } = await prerender(element);
  const html = await new Response(prelude).text();
  const value = /<input[^>]*\svalue="([^"]*)"/.exec(html)?.[1];
  assert.ok(value !== undefined, `an input with a value in ${html}`);
  return value;
}

test("without a valueFormat the date is written in the active language's order", async () => {
  assert.equal(await shownValue('en', { label: 'Expires', defaultValue: '2026-11-26' }), 'November 26, 2026');
  assert.equal(await shownValue('de', { label: 'Läuft ab', defaultValue: '2026-11-26' }), '26. November 2026');
  assert.equal(await shownValue('de', { label: 'Läuft ab', defaultValue: '2026-03-05' }), '5. März 2026');
});

test("a plugin's own valueFormat still wins", async () => {
  assert.equal(await shownValue('de', { label: 'Läuft ab', defaultValue: '2026-11-26', valueFormat: 'DD.MM.YYYY' }), '26.11.2026');
});
