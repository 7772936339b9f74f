import { test } from 'node:test';
import assert from 'node:assert/strict';
import { customerName } from './customer-name.js';
import { editInputOf, formValuesOf } from './customer-form-values.js';
import { customersPageVariables } from './graphql/customers-page-query.js';

test('the list reads its search, order and page from the URL, ignoring what the server would refuse', () => {
  assert.deepEqual(customersPageVariables(new URLSearchParams('q=%20ada%20&sort=primaryEmail&dir=desc&page=3')), {
    searchValue: 'ada',
    sortField: 'primaryEmail',
    sortDirection: 'desc',
    page: 3,
    perPage: 25,
  });
  assert.deepEqual(customersPageVariables(new URLSearchParams('sort=password&dir=desc&page=-2')), {
    searchValue: null,
    sortField: null,
    sortDirection: null,
    page: 1,
    perPage: 25,
  });
});

test('the form keeps the other addresses one a line and sends every address once, the primary first', () => {
  const customer = { _id: 'c', firstName: 'Ada', lastName: null, primaryEmail: 'ada@example.com', emails: ['ada@example.com', 'a.l@example.org'], createdAt: null, updatedAt: null };
  const values = formValuesOf(customer);
  assert.deepEqual(values, { firstName: 'Ada', lastName: '', primaryEmail: 'ada@example.com', otherEmails: 'a.l@example.org' });
  assert.deepEqual(editInputOf({ ...values, lastName: '  ', otherEmails: 'A.L@example.org\nnew@example.com, ada@example.com' }), {
    input: { firstName: 'Ada', lastName: null, primaryEmail: 'ada@example.com', emails: ['ada@example.com', 'a.l@example.org', 'new@example.com'] },
  });
  assert.deepEqual(editInputOf({ ...values, primaryEmail: ' ' }), { missing: 'primaryEmail' });
});

test('a customer is named by their name, or their address without one', () => {
  assert.equal(customerName({ firstName: 'Ada', lastName: 'Lovelace', primaryEmail: 'a@x.org' }), 'Ada Lovelace');
  assert.equal(customerName({ firstName: ' ', lastName: null, primaryEmail: 'a@x.org' }), 'a@x.org');
});
