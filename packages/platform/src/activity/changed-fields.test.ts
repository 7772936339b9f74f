import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Types } from 'mongoose';
import { changedFields } from './changed-fields.js';

it('lists only the fields that changed, with JSON values, and never the value of a secret', () => {
  const id = new Types.ObjectId();
  const before = { _id: id, name: 'Lease', typeId: id, checked: false, passwordHash: 'scrypt$abc', apiToken: 'old', updatedAt: new Date(0) };
  const after = { _id: id, name: 'Lease 2027', typeId: id, checked: false, passwordHash: 'scrypt$def', pin: '1234', updatedAt: new Date(1), expiryDate: new Date('2027-01-01T00:00:00Z') };
  assert.deepEqual(changedFields(before, after, new Set(['pin'])), {
    name: { before: 'Lease', after: 'Lease 2027' },
    passwordHash: { before: '[secret]', after: '[secret]' },
    apiToken: { before: '[secret]', after: null },
    pin: { before: null, after: '[secret]' },
    expiryDate: { before: null, after: '2027-01-01T00:00:00.000Z' },
  });
  assert.deepEqual(changedFields(null, { _id: id, owner: id }, new Set()), { owner: { before: null, after: id.toHexString() } });
});
