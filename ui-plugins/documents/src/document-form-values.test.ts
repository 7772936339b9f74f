import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conflictingFields, documentInputOf, expiryDayFormat, formValuesOf } from './document-form-values.js';

test('the name is required and trimmed', () => {
  assert.deepEqual(documentInputOf({ name: '   ', typeId: '', expiryDate: null, checked: false }), { missing: 'name' });
  const result = documentInputOf({ name: ' Lease ', typeId: '', expiryDate: null, checked: true });
  assert.deepEqual(result, { input: { name: 'Lease', typeId: null, expiryDate: null, checked: true } });
});

test('an expiry day round-trips through the ISO date the API stores', () => {
  const result = documentInputOf({ name: 'Passport', typeId: 't1', expiryDate: '2031-02-28', checked: false });
  assert.ok('input' in result);
  assert.equal(result.input.expiryDate, '2031-02-28T00:00:00.000Z');
  const values = formValuesOf({ _id: 'd1', name: 'Passport', createdAt: null, expiryDate: result.input.expiryDate, checked: null, typeId: 't1', currentType: null, updatedAt: null }, null);
  assert.equal(values.expiryDate, '2031-02-28');
  // Read in UTC, so the day shown is the day stored whatever the browser's time zone.
  const stored = new Date(result.input.expiryDate ?? '');
  assert.equal(new Intl.DateTimeFormat('en', expiryDayFormat).format(stored), 'Feb 28, 2031');
  assert.equal(new Intl.DateTimeFormat('de', expiryDayFormat).format(stored), '28.02.2031');
});

test('a new document starts in the type being filtered', () => {
  assert.equal(formValuesOf(null, 't9').typeId, 't9');
  assert.equal(formValuesOf(null, null).typeId, '');
});

test('after a conflict, the fields where the saved version and mine differ, a name compared trimmed', () => {
  const saved = { name: 'Lease 2026', typeId: 't1', expiryDate: '2031-02-28', checked: true };
  assert.deepEqual(conflictingFields(saved, { ...saved, name: ' Lease 2026 ' }), []);
  assert.deepEqual(conflictingFields(saved, { name: 'Lease', typeId: 't2', expiryDate: '2031-02-28', checked: false }), ['name', 'typeId', 'checked']);
  assert.deepEqual(conflictingFields(saved, { ...saved, expiryDate: null }), ['expiryDate']);
});
