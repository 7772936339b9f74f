import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useDriver } from '../test-support/driver-fixture.js';

type CodedError = { code?: number; message: string; writeErrors?: { code?: number }[] };

/** MongoDB's answer to a hint naming no index: BadValue (2) from the query planner. */
const noSuchIndex = (error: CodedError): boolean => {
  assert.equal(error.code ?? error.writeErrors?.[0]?.code, 2);
  assert.match(error.message, /hint provided does not correspond to an existing index/);
  return true;
};

describe('hint', () => {
  const fx = useDriver('hint');

  it('naming an index that does not exist is refused by find, count, distinct, update, delete, findAndModify and aggregate', async () => {
    const c = await fx.fresh([{ _id: 1, a: 1 }, { _id: 2, a: 2 }]);
    await c.createIndex({ a: 1 });
    for (const hint of ['nope_1', { nope: 1 }, { a: -1 }] as const) {
      await assert.rejects(c.find({ a: 1 }, { hint }).toArray(), noSuchIndex);
      await assert.rejects(c.countDocuments({ a: 1 }, { hint }), noSuchIndex);
      await assert.rejects(fx.db.command({ count: c.collectionName, query: {}, hint }), noSuchIndex);
      await assert.rejects(fx.db.command({ distinct: c.collectionName, key: 'a', hint }), noSuchIndex);
      await assert.rejects(c.updateOne({ a: 1 }, { $set: { b: 1 } }, { hint }), noSuchIndex);
      await assert.rejects(c.deleteOne({ a: 1 }, { hint }), noSuchIndex);
      await assert.rejects(fx.db.command({ findAndModify: c.collectionName, query: { a: 1 }, update: { $set: { b: 1 } }, hint }), noSuchIndex);
      await assert.rejects(c.aggregate([{ $match: { a: 1 } }], { hint }).toArray(), noSuchIndex);
    }
    assert.deepEqual(await c.find({}, { sort: { _id: 1 } }).toArray(), [{ _id: 1, a: 1 }, { _id: 2, a: 2 }], 'nothing was changed');
  });

  it('naming an existing index, by name or key pattern, or $natural, answers as without a hint', async () => {
    const c = await fx.fresh([{ _id: 1, a: 1 }, { _id: 2, a: 2 }]);
    await c.createIndex({ a: 1 });
    for (const hint of ['a_1', { a: 1 }, '_id_', { _id: 1 }, { $natural: 1 }] as const) {
      assert.deepEqual((await c.find({ a: 2 }, { hint }).toArray()).map((d) => d._id), [2]);
      assert.equal(await c.countDocuments({}, { hint }), 2);
      assert.deepEqual((await c.aggregate([{ $match: { a: { $gte: 1 } } }, { $count: 'n' }], { hint }).toArray())[0], { n: 2 });
    }
    assert.equal((await c.updateOne({ a: 1 }, { $set: { b: 1 } }, { hint: 'a_1' })).modifiedCount, 1);
    assert.equal((await c.deleteOne({ a: 2 }, { hint: { a: 1 } })).deletedCount, 1);
  });

  it('a hinted sparse index answers from the documents it holds', async () => {
    const c = await fx.fresh([{ _id: 1, s: 1 }, { _id: 2 }, { _id: 3, s: 3 }]);
    await c.createIndex({ s: 1 }, { sparse: true });
    assert.deepEqual((await c.find({}, { hint: { s: 1 }, sort: { _id: 1 } }).toArray()).map((d) => d._id), [1, 3]);
    assert.equal(await c.countDocuments({}, { hint: 's_1' }), 2);
    assert.equal(await c.countDocuments({}), 3);
  });

  it('a hint on a collection that does not exist finds nothing, as there is no plan to refuse', async () => {
    assert.deepEqual(await fx.db.collection('absent').find({}, { hint: 'nope_1' }).toArray(), []);
  });
});
