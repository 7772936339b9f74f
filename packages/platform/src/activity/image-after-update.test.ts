import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Types } from 'mongoose';
import { imageAfterUpdate } from './image-after-update.js';
import { fieldsTouchedBy } from './update-fields.js';

it('computes the record after a $set/$unset as the database stores it, leaving the record before as it was', () => {
  const id = new Types.ObjectId();
  const before = { _id: id, name: 'Lease', address: { city: 'Ulm', zip: '89073' }, tags: ['a'] };
  const after = imageAfterUpdate(before, { $set: { 'address.city': 'Bonn', zeta: 1, alpha: [1, 'b'], name: 'Lease 2027' }, $unset: { tags: 1, missing: 1 }, $setOnInsert: { createdAt: new Date(0) } });
  assert.deepEqual(after, { _id: id, name: 'Lease 2027', address: { city: 'Bonn', zip: '89073' }, alpha: [1, 'b'], zeta: 1 });
  assert.deepEqual(Object.keys(after!), ['_id', 'name', 'address', 'alpha', 'zeta'], 'new fields last, in the order of their names');
  assert.deepEqual(before, { _id: id, name: 'Lease', address: { city: 'Ulm', zip: '89073' }, tags: ['a'] });
});

it('declines what it cannot be sure of: other operators, array positions, values the database would change', () => {
  const before = { _id: 1, tags: ['a'], count: 1, note: 'text' };
  assert.equal(imageAfterUpdate(before, { $inc: { count: 1 } }), undefined);
  assert.equal(imageAfterUpdate(before, { $set: { 'tags.0': 'b' } }), undefined);
  assert.equal(imageAfterUpdate(before, { $set: { 'tags.$': 'b' } }), undefined);
  assert.equal(imageAfterUpdate(before, { $set: { 'note.inner': 1 } }), undefined, 'a field inside a string');
  assert.equal(imageAfterUpdate(before, { $set: { file: Buffer.from('x') } }), undefined, 'a Buffer comes back as Binary');
  assert.equal(imageAfterUpdate(before, { $set: { nothing: undefined } }), undefined);
  assert.equal(imageAfterUpdate(before, [{ $set: { count: 2 } }]), undefined, 'a pipeline');
});

it('names the top-level fields an update touches, or null when it may touch any', () => {
  assert.deepEqual(fieldsTouchedBy({ $set: { 'address.city': 'x', name: 'y' }, $rename: { old: 'new' }, count: 2 }), new Set(['address', 'name', 'old', 'new', 'count']));
  assert.equal(fieldsTouchedBy([{ $set: { a: 1 } }]), null);
  assert.equal(fieldsTouchedBy({ $where: 'x' }), null);
});
