import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customerFieldsMissing, customerLabel } from './customer-label.js';

test('a sender shows as "Name <email>", or just the one that is there', () => {
  assert.equal(customerLabel({ _id: 'c', firstName: 'Lena', lastName: 'Lamp', primaryEmail: 'lena@x.test' }), 'Lena Lamp <lena@x.test>');
  assert.equal(customerLabel({ _id: 'c', firstName: null, lastName: null, primaryEmail: 'lena@x.test' }), 'lena@x.test');
  assert.equal(customerLabel({ _id: 'c', firstName: 'Lena', lastName: null, primaryEmail: null }), 'Lena');
  assert.equal(customerLabel(null), null);
});

test('only the missing contacts fields make the list fall back', () => {
  assert.equal(customerFieldsMissing(new Error('Cannot query field "primaryEmail" on type "Customer".')), true);
  assert.equal(customerFieldsMissing(new Error('Plugin "inbox" is unavailable')), false);
  assert.equal(customerFieldsMissing(undefined), false);
});
