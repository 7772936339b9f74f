import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * `$bucket` as mongod's jstests/aggregation/sources/bucket/collation_bucket.js asserts it with an explicit
 * collation, re-expressed with that file's expected buckets (the jstests are SSPL, so no file of theirs is
 * copied); plus issue 35's 40066 without a default. A collection default collation (the file's second half)
 * answers NotImplemented (238) here.
 */
const NUMS = ['1', '2', '5', '10', '20', '50', '100', '200', '500'];
const numeric = { locale: 'en_US', numericOrdering: true };
const simple = { locale: 'simple' };

describe('ported mongod cases: $bucket (collation_bucket.js)', () => {
  const fx = useDriver('mongodbucket');

  it('boundaries, values and the default compared with the collation', async () => {
    const c = await fx.fresh(NUMS.map((num) => ({ num })));
    const bucket = (boundaries: string[], extra: object = {}) => [{ $bucket: { groupBy: '$num', boundaries, ...extra } }];
    assert.deepEqual(await c.aggregate(bucket(['1', '10', '100', '1000']), { collation: numeric }).toArray(), [
      { _id: '1', count: 3 },
      { _id: '10', count: 3 },
      { _id: '100', count: 3 },
    ]);
    // Lexicographically "2" and "5" fall in no bucket.
    await assert.rejects(c.aggregate(bucket(['1', '10', '100', '1000']), { collation: simple }).toArray(), hasCode(40066));
    await assert.rejects(c.aggregate(bucket(['100', '20', '4']), { collation: numeric }).toArray(), hasCode(40194));
    await assert.rejects(c.aggregate(bucket(['4', '20', '100']), { collation: simple }).toArray(), hasCode(40194));
    await assert.rejects(c.aggregate(bucket(['1', '10', '100'], { default: '40' }), { collation: numeric }).toArray(), hasCode(40199));
    await assert.rejects(c.aggregate(bucket(['100', '999'], { default: '2' }), { collation: simple }).toArray(), hasCode(40199));
    assert.deepEqual(await c.aggregate(bucket(['100', '999'], { default: '2' }), { collation: numeric }).toArray(), [
      { _id: '2', count: 6 },
      { _id: '100', count: 3 },
    ]);
    assert.deepEqual(await c.aggregate(bucket(['1', '19999'], { default: '2' }), { collation: simple }).toArray(), [
      { _id: '1', count: 3 },
      { _id: '2', count: 6 },
    ]);
  });

  it('a default below the boundaries is the first bucket, as $group then $sort on _id gives it', async () => {
    const c = await fx.fresh([{ v: -5 }, { v: 1 }, { v: 7 }]);
    const out = await c.aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 5], default: -1 } }]).toArray();
    assert.deepEqual(out, [{ _id: -1, count: 2 }, { _id: 0, count: 1 }]);
    await assert.rejects(c.aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 'x'] } }]).toArray(), hasCode(40193));
  });

  it('without a default a value outside every bucket answers 40066 (issue 35)', async () => {
    const c = await fx.fresh([{ _id: 1, a: 1 }, { _id: 2 }, { _id: 3, a: null }]);
    await assert.rejects(c.aggregate([{ $bucket: { groupBy: '$a', boundaries: [0, 5] } }]).toArray(), hasCode(40066));
  });

  it('a collection default collation answers NotImplemented instead of being ignored', async (t) => {
    if (fx.target.real) return t.skip('a real MongoDB implements collection default collations');
    await assert.rejects(fx.db.createCollection('collated', { collation: numeric }), hasCode(238));
    await fx.db.createCollection('simple_collated', { collation: simple });
    await assert.rejects(fx.db.collection('people').createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } }), hasCode(238));
  });
});
