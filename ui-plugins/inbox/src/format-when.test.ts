import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatWhen } from './format-when.js';

// What ui-sdk's useFormat().dateTime does in each language (Intl, medium date and short time).
const inLanguage = (locale: string) => ({
  dateTime: (value: Date | string | number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)),
});

test('a date shows with its time in the given language and the local time zone; a missing or bad one as a dash', () => {
  const local = new Date(2026, 10, 22, 7, 5).toISOString();
  assert.equal(formatWhen(inLanguage('en'), local), 'Nov 22, 2026, 7:05 AM');
  assert.equal(formatWhen(inLanguage('de'), local), '22.11.2026, 07:05');
  assert.equal(formatWhen(inLanguage('de'), null), '—');
  assert.equal(formatWhen(inLanguage('en'), 'not a date'), '—');
});
