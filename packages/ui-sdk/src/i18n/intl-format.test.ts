import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDate, formatNumber, formatRelativeTime, prepareFormatting } from './intl-format.js';
import { matchLocale, supportedLocales } from './locales.js';

test('dates, numbers and relative times follow the locale', () => {
  const date = '2026-11-26T12:00:00Z';
  assert.equal(formatDate('en', date, { dateStyle: 'long', timeZone: 'UTC' }), 'November 26, 2026');
  assert.equal(formatDate('de', date, { dateStyle: 'long', timeZone: 'UTC' }), '26. November 2026');
  assert.equal(formatNumber('en', 1234.5), '1,234.5');
  assert.equal(formatNumber('de', 1234.5), '1.234,5');
  const now = Date.parse(date);
  assert.equal(formatRelativeTime('en', now - 3 * 24 * 3600 * 1000, now), '3 days ago');
  assert.equal(formatRelativeTime('de', now - 3 * 24 * 3600 * 1000, now), 'vor 3 Tagen');
  assert.equal(formatRelativeTime('de', now - 24 * 3600 * 1000, now), 'gestern');
  assert.equal(formatRelativeTime('en', now + 2 * 3600 * 1000, now), 'in 2 hours');
});

test("the browser's languages pick the first one Lattice speaks", () => {
  assert.equal(matchLocale(['de-AT', 'en']), 'de');
  assert.equal(matchLocale(['fr-FR', 'en-US']), 'en');
  assert.equal(matchLocale(['fr']), 'en');
  assert.equal(matchLocale([]), 'en');
});

test('formatting prepared ahead for every language formats as before', () => {
  for (const { code } of supportedLocales) prepareFormatting(code);
  assert.equal(formatNumber('de', 5000), '5.000');
  assert.equal(formatDate('en', '2026-11-26T12:00:00Z', { dateStyle: 'medium', timeZone: 'UTC' }), 'Nov 26, 2026');
});
