import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/** Issue 17: ordinary requests that used to be refused, and the real conflicts that MongoDB refuses. */
describe('updates and projections MongoDB accepts', () => {
  const fx = useDriver('accepted');

  it('two fields of one array element through $, $[] and $[x] in one update', async () => {
    const children = [{ name: 'a', age: 1 }, { name: 'b', age: 2 }];
    const c = await fx.fresh([{ _id: 1, children }, { _id: 2, children }, { _id: 3, children }]);
    await c.updateOne({ _id: 1, 'children.name': 'b' }, { $set: { 'children.$.name': 'B', 'children.$.age': 20 } });
    await c.updateOne({ _id: 2 }, { $set: { 'children.$[].age': 0 }, $inc: { 'children.$[].n': 1 } } as never);
    await c.updateOne({ _id: 3 }, { $set: { 'children.$[x].name': 'A', 'children.$[x].age': 10 } }, { arrayFilters: [{ 'x.name': 'a' }] });
    const docs = await c.find({}, { sort: { _id: 1 } }).toArray();
    assert.deepEqual(docs.map((d) => d.children), [
      [{ name: 'a', age: 1 }, { name: 'B', age: 20 }],
      [{ name: 'a', age: 0, n: 1 }, { name: 'b', age: 0, n: 1 }],
      [{ name: 'A', age: 10 }, { name: 'b', age: 2 }],
    ]);
  });

  it('real overlaps answer ConflictingUpdateOperators (40)', async () => {
    const c = await fx.fresh([{ _id: 1, a: { b: 1 }, n: 1, arr: [{ x: 1 }] }]);
    await assert.rejects(c.updateOne({ _id: 1 }, { $set: { n: 2 }, $inc: { n: 1 } } as never), hasCode(40));
    await assert.rejects(c.updateOne({ _id: 1 }, { $set: { a: {}, 'a.b': 2 } }), hasCode(40));
    await assert.rejects(c.updateOne({ _id: 1, 'arr.x': 1 }, { $set: { 'arr.$': {}, 'arr.$.x': 2 } }), hasCode(40));
    assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, a: { b: 1 }, n: 1, arr: [{ x: 1 }] });
  });

  it('$set of _id to its current value is accepted; another value answers ImmutableField (66)', async () => {
    const c = await fx.fresh([{ _id: 1, v: 1 }]);
    const same = await c.updateOne({ _id: 1 }, { $set: { _id: 1, v: 2 } });
    assert.equal(same.modifiedCount, 1);
    await assert.rejects(c.updateOne({ _id: 1 }, { $set: { _id: 2 } }), hasCode(66));
    assert.deepEqual(await c.findOne({}), { _id: 1, v: 2 });
  });

  it('projections: $elemMatch with an operator-only condition; $slice beside an exclusion', async () => {
    const c = await fx.fresh([{ _id: 1, nums: [0, 1, 5, 7], secret: 's', arr: [1, 2, 3, 4], keep: true }]);
    assert.deepEqual(await c.findOne({}, { projection: { nums: { $elemMatch: { $gt: 1 } } } }), { _id: 1, nums: [5] });
    assert.deepEqual(await c.findOne({}, { projection: { secret: 0, arr: { $slice: 2 } } }), { _id: 1, nums: [0, 1, 5, 7], arr: [1, 2], keep: true });
    assert.deepEqual(await c.findOne({}, { projection: { keep: 1, arr: { $slice: -1 } } }), { _id: 1, arr: [4], keep: true });
    const nested = await fx.fresh([{ _id: 1, a: { list: [1, 2, 3], other: 'o' } }]);
    assert.deepEqual(await nested.findOne({}, { projection: { 'a.list': { $slice: 1 } } }), { _id: 1, a: { list: [1], other: 'o' } });
    assert.deepEqual(await nested.findOne({}), { _id: 1, a: { list: [1, 2, 3], other: 'o' } }, 'the stored document is untouched');
  });
});
