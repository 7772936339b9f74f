import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changeValueText, changedFields } from './activity-log.js';

test('changes as a map of fields, each with before and after', () => {
  assert.deepEqual(changedFields({ name: { before: 'Old', after: 'New' }, checked: { before: false, after: true } }), [
    { field: 'name', before: 'Old', after: 'New' },
    { field: 'checked', before: false, after: true },
  ]);
});

test('changes as a list of fields; a field added has no before', () => {
  assert.deepEqual(changedFields([{ field: 'name', after: 'New' }]), [{ field: 'name', before: undefined, after: 'New' }]);
});

test('no changes, or a value of another shape, still shows', () => {
  assert.deepEqual(changedFields(null), []);
  assert.deepEqual(changedFields({ status: 'closed' }), [{ field: 'status', before: undefined, after: 'closed' }]);
  assert.deepEqual(changedFields('started'), [{ field: '', before: undefined, after: 'started' }]);
});

test('values as text', () => {
  assert.equal(changeValueText(undefined), '—');
  assert.equal(changeValueText(null), '—');
  assert.equal(changeValueText('Price list'), 'Price list');
  assert.equal(changeValueText(true), 'true');
  assert.equal(changeValueText({ a: 1 }), '{"a":1}');
});
