import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/** Issue 17: requests MongoDB refuses must be refused here too, whatever the collection holds. */
describe('requests MongoDB refuses', () => {
  const fx = useDriver('validation');

  it('an unknown query operator is refused on an empty or missing collection', async () => {
    await fx.db.createCollection('empty');
    await assert.rejects(fx.db.collection('empty').find({ a: { $frob: 1 } }).toArray(), hasCode(2));
    await assert.rejects(fx.db.collection('missing').find({ a: { $frob: 1 } }).toArray(), hasCode(2));
    await assert.rejects(fx.db.collection('missing').countDocuments({ a: { $frob: 1 } }), hasCode(2));
    await assert.rejects(fx.db.collection('missing').deleteMany({ a: { $frob: 1 } }), hasCode(2));
  });

  it('a capped collection without a size is refused', async () => {
    await assert.rejects(fx.db.command({ create: 'capped_no_size', capped: 1024 }), hasCode(72));
  });

  it('an _id holding a $-prefixed field is refused', async () => {
    await assert.rejects(fx.db.collection('ids').insertOne({ _id: { $a: 1 } as never }), hasCode(52));
    assert.equal(await fx.db.collection('ids').countDocuments({}), 0);
  });
});
