import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatWhen } from './format-when.js';

test('a date shows as local year-month-day hour:minute; a missing or bad one as a dash', () => {
  const local = new Date(2026, 10, 22, 7, 5);
  assert.equal(formatWhen(local.toISOString()), '2026-11-22 07:05');
  assert.equal(formatWhen(null), '—');
  assert.equal(formatWhen('not a date'), '—');
});
