import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document, UpdateFilter } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

describe('edge cases seen in application code', () => {
  const fx = useDriver('edge');
  let seq = 0;
  const fresh = () => fx.db.collection(`e${++seq}`);

  it('sorts on nested fields and on a field missing in some documents (missing first)', async () => {
    const c = fresh();
    await c.insertMany([
      { _id: 1 as never, name: 'b', meta: { order: 2 } },
      { _id: 2 as never, name: 'a' },
      { _id: 3 as never, name: 'c', meta: { order: 1 } },
      { _id: 4 as never, name: 'a', meta: { order: 1 } },
    ]);
    assert.deepEqual((await c.find({}, { sort: { 'meta.order': 1, name: 1 } }).toArray()).map((d) => d._id), [2, 4, 3, 1]);
  });

  it('$or over indexed fields returns the union', async () => {
    const c = fresh();
    await c.createIndex({ email: 1 });
    await c.createIndex({ username: 1 });
    await c.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i as never, email: `u${i}@x`, username: `user${i}` })));
    const found = await c.find({ $or: [{ email: 'u3@x' }, { username: 'user7' }, { email: 'nobody' }] }, { sort: { _id: 1 } }).toArray();
    assert.deepEqual(found.map((d) => d._id), [3, 7]);
    assert.equal(await c.countDocuments({ $or: [{ email: { $in: ['u1@x', 'u2@x'] } }, { _id: { $gte: 48 } as never }] }), 4);
  });

  it('$elemMatch projection, $push $sort of subdocuments, $addToSet of objects, $unset of an array element', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as never, items: [{ k: 'a', n: 3 }, { k: 'b', n: 1 }] });
    assert.deepEqual(await c.findOne({ _id: 1 as never }, { projection: { items: { $elemMatch: { n: { $lt: 2 } } } } }), { _id: 1, items: [{ k: 'b', n: 1 }] });
    await c.updateOne({ _id: 1 as never }, { $push: { items: { $each: [{ k: 'c', n: 2 }], $sort: { n: 1 } } } } as unknown as UpdateFilter<Document>);
    assert.deepEqual((await c.findOne({ _id: 1 as never }))?.items.map((i: { k: string }) => i.k), ['b', 'c', 'a']);
    await c.updateOne({ _id: 1 as never }, { $addToSet: { items: { k: 'b', n: 1 } } } as unknown as UpdateFilter<Document>);
    assert.equal((await c.findOne({ _id: 1 as never }))?.items.length, 3);
    await c.updateOne({ _id: 1 as never }, { $unset: { 'items.0': '' } });
    assert.deepEqual((await c.findOne({ _id: 1 as never }))?.items[0], null);
  });

  it('$inc creates nested paths; $min/$max on dates; $bit', async () => {
    const c = fresh();
    await c.insertOne({ _id: 1 as never, at: new Date('2024-01-01'), flags: 5 });
    await c.updateOne({ _id: 1 as never }, { $inc: { 'stats.views': 1 }, $max: { at: new Date('2025-01-01') }, $bit: { flags: { and: 4 } } });
    const doc = await c.findOne({ _id: 1 as never });
    assert.deepEqual(doc?.stats, { views: 1 });
    assert.equal(doc?.at.toISOString(), '2025-01-01T00:00:00.000Z');
    assert.equal(doc?.flags, 4);
  });

  it('$in with a regular expression, $nin with null, $ne on arrays', async () => {
    const c = fresh();
    await c.insertMany([{ _id: 1 as never, t: 'apple', tags: ['x'] }, { _id: 2 as never, t: 'berry', tags: ['y'] }, { _id: 3 as never, tags: [] }]);
    assert.deepEqual((await c.find({ t: { $in: [/^ap/, 'berry'] } }, { sort: { _id: 1 } }).toArray()).map((d) => d._id), [1, 2]);
    assert.deepEqual((await c.find({ t: { $nin: [null] } }, { sort: { _id: 1 } }).toArray()).map((d) => d._id), [1, 2]);
    assert.deepEqual((await c.find({ tags: { $ne: 'x' } }, { sort: { _id: 1 } }).toArray()).map((d) => d._id), [2, 3]);
  });

  it('updates with an index on the changed field keep index lookups right', async () => {
    const c = fresh();
    await c.createIndex({ status: 1, at: -1 });
    await c.insertMany(Array.from({ length: 30 }, (_, i) => ({ _id: i as never, status: 'new', at: i })));
    await c.updateMany({ at: { $lt: 10 } }, { $set: { status: 'done' } });
    assert.equal(await c.countDocuments({ status: 'new' }), 20);
    assert.equal(await c.countDocuments({ status: 'done' }), 10);
    assert.deepEqual((await c.find({ status: 'new' }, { sort: { at: -1 }, limit: 2 }).toArray()).map((d) => d._id), [29, 28]);
  });
});
