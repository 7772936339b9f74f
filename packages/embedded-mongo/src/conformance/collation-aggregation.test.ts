import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * Aggregation under a collation: `$group` keys equal under it form one group (keyed by the first value
 * seen), `$expr` comparisons use it, and the stages and operators that would still compare in binary order
 * answer NotImplemented (238) instead of a binary-order answer (issue 35: no silent wrong answers).
 */
const caseInsensitive = { locale: 'en', strength: 2 };

describe('aggregation under a collation', () => {
  const fx = useDriver('collagg');
  const docs = () => [
    { _id: 1, s: 'foo', n: 1 },
    { _id: 2, s: 'FOO', n: 2 },
    { _id: 3, s: 'bar', n: 3 },
    { _id: 4, n: 4 },
    { _id: 5, s: null, n: 5 },
  ];

  it('$group: keys equal under the collation are one group; missing and null stay apart in a compound key', async () => {
    const c = await fx.fresh(docs());
    const plain = await c.aggregate([{ $sort: { _id: 1 } }, { $group: { _id: '$s', t: { $sum: '$n' }, p: { $push: '$n' } } }, { $sort: { t: 1, _id: 1 } }], { collation: caseInsensitive }).toArray();
    assert.deepEqual(plain, [{ _id: 'bar', t: 3, p: [3] }, { _id: 'foo', t: 3, p: [1, 2] }, { _id: null, t: 9, p: [4, 5] }]);
    const compound = await c.aggregate([{ $sort: { _id: 1 } }, { $group: { _id: { s: '$s' }, t: { $sum: '$n' } } }, { $sort: { t: 1 } }], { collation: caseInsensitive }).toArray();
    assert.deepEqual(compound.map((d) => [d._id, d.t]).sort((a, b) => Number(a[1]) - Number(b[1])), [[{ s: 'foo' }, 3], [{ s: 'bar' }, 3], [{}, 4], [{ s: null }, 5]].sort((a, b) => Number(a[1]) - Number(b[1])));
    const binary = await c.aggregate([{ $group: { _id: '$s', t: { $sum: '$n' } } }]).toArray();
    assert.equal(binary.length, 4);
  });

  it('$expr comparisons follow the collation', async () => {
    const c = await fx.fresh(docs());
    const found = await c.aggregate([{ $match: { $expr: { $eq: ['$s', 'FOO'] } } }, { $sort: { _id: 1 } }], { collation: caseInsensitive }).toArray();
    assert.deepEqual(found.map((d) => d._id), [1, 2]);
  });

  it('stages and operators that would compare in binary order answer NotImplemented', async (t) => {
    if (fx.target.real) return t.skip('a real MongoDB implements these under a collation');
    const c = await fx.fresh(docs());
    const refused = [
      [{ $group: { _id: null, m: { $max: '$s' } } }],
      [{ $group: { _id: null, m: { $addToSet: '$s' } } }],
      [{ $lookup: { from: c.collectionName, localField: 's', foreignField: 's', as: 'x' } }],
      [{ $facet: { a: [{ $sortByCount: '$s' }] } }],
      [{ $project: { u: { $setUnion: [['$s'], ['FOO']] } } }],
    ];
    for (const pipeline of refused) await assert.rejects(c.aggregate(pipeline, { collation: caseInsensitive }).toArray(), hasCode(238), JSON.stringify(pipeline));
    assert.equal((await c.aggregate([{ $group: { _id: null, m: { $max: '$s' } } }], { collation: { locale: 'simple' } }).toArray())[0]?.m, 'foo');
  });
});
