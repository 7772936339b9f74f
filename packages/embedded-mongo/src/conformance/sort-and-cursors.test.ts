import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ObjectId } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

describe('sort, skip/limit, cursors, count and distinct', () => {
  const fx = useDriver('sort');

  it('sorts mixed BSON types, null and missing in MongoDB order', async () => {
    const c = fx.db.collection('mixed');
    const oid = new ObjectId('64b7f0000000000000000000');
    await c.insertMany([
      { _id: 1 as never, v: 'b' },
      { _id: 2 as never, v: 10 },
      { _id: 3 as never },
      { _id: 4 as never, v: null },
      { _id: 5 as never, v: { x: 1 } },
      { _id: 6 as never, v: true },
      { _id: 7 as never, v: new Date('2020-01-01') },
      { _id: 8 as never, v: oid },
      { _id: 9 as never, v: 2.5 },
      { _id: 10 as never, v: 'a' },
    ]);
    const asc = (await c.find({}, { sort: { v: 1, _id: 1 } }).toArray()).map((d) => d._id);
    assert.deepEqual(asc, [3, 4, 9, 2, 10, 1, 5, 8, 6, 7]);
    const desc = (await c.find({}, { sort: { v: -1, _id: 1 } }).toArray()).map((d) => d._id);
    assert.deepEqual(desc, [7, 6, 8, 5, 1, 10, 2, 9, 3, 4]);
    await c.createIndex({ v: 1 });
    const viaIndex = (await c.find({}, { sort: { v: 1 } }).toArray()).map((d) => d._id);
    assert.deepEqual(viaIndex.slice(2), [9, 2, 10, 1, 5, 8, 6, 7]);
    assert.deepEqual(viaIndex.slice(0, 2).sort(), [3, 4]);
    const top = (await c.find({ v: { $exists: true } }, { sort: { v: -1 }, limit: 3 }).toArray()).map((d) => d._id);
    assert.deepEqual(top, [7, 6, 8]);
  });

  it('sorts on several keys, arrays by their min/max element', async () => {
    const c = fx.db.collection('multi');
    await c.insertMany([
      { _id: 1 as never, g: 'b', n: 2 },
      { _id: 2 as never, g: 'a', n: 3 },
      { _id: 3 as never, g: 'b', n: 1 },
      { _id: 4 as never, g: 'a' },
    ]);
    assert.deepEqual((await c.find({}, { sort: { g: 1, n: -1 } }).toArray()).map((d) => d._id), [2, 4, 1, 3]);
    const arrays = fx.db.collection('arrays');
    await arrays.insertMany([{ _id: 1 as never, a: [5, 1] }, { _id: 2 as never, a: [3] }, { _id: 3 as never, a: [0, 9] }]);
    assert.deepEqual((await arrays.find({}, { sort: { a: 1 } }).toArray()).map((d) => d._id), [3, 1, 2]);
    assert.deepEqual((await arrays.find({}, { sort: { a: -1 } }).toArray()).map((d) => d._id), [3, 1, 2]);
  });

  it('applies skip and limit after the sort', async () => {
    const c = fx.db.collection('window');
    await c.insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    const page = await c.find({}, { sort: { i: -1 }, skip: 5, limit: 3 }).toArray();
    assert.deepEqual(page.map((d) => d.i), [14, 13, 12]);
    assert.deepEqual((await c.find({ i: { $lt: 10 } }).skip(8).toArray()).map((d) => d.i), [8, 9]);
  });

  it('returns a cursor over several batches and can kill it', async () => {
    const c = fx.db.collection('batches');
    await c.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const cursor = c.find({}, { batchSize: 40, sort: { i: 1 } });
    const seen: number[] = [];
    for await (const doc of cursor) seen.push(doc.i as number);
    assert.equal(seen.length, 250);
    assert.deepEqual(seen.slice(0, 3), [0, 1, 2]);
    assert.equal(seen.at(-1), 249);
    const partial = c.find({}, { batchSize: 10 });
    await partial.next();
    await partial.close();
    const agg = await c.aggregate([{ $match: { i: { $gte: 100 } } }], { batchSize: 7 }).toArray();
    assert.equal(agg.length, 150);
  });

  it('counts and lists distinct values', async () => {
    const c = fx.db.collection('counting');
    await c.insertMany([{ k: 'x', t: [1, 2] }, { k: 'y', t: [2, 3] }, { k: 'x' }, { k: null }]);
    assert.equal(await c.countDocuments(), 4);
    assert.equal(await c.countDocuments({ k: 'x' }), 2);
    assert.equal(await c.countDocuments({}, { skip: 1, limit: 2 }), 2);
    assert.equal(await c.estimatedDocumentCount(), 4);
    assert.deepEqual((await c.distinct('k')).sort(), ['x', 'y', null].sort());
    assert.deepEqual((await c.distinct('t')).sort(), [1, 2, 3]);
    assert.deepEqual(await c.distinct('t', { k: 'y' }), [2, 3]);
  });
});
