import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Document, Long, type UpdateFilter } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

describe('update operators', () => {
  const fx = useDriver('update');
  let seq = 0;
  /** Inserts `doc`, applies `update` (with options), returns the stored result without _id. */
  const after = async (doc: Document, update: Document | Document[], options: Document = {}, filter: Document = {}): Promise<Document | null> => {
    const c = fx.db.collection(`u${++seq}`);
    await c.insertOne({ ...doc });
    await c.updateOne(filter, update as UpdateFilter<Document>, options);
    return c.findOne({}, { projection: { _id: 0 } });
  };

  it('$set, $unset, $inc, $mul, $min, $max, $rename, $currentDate', async () => {
    assert.deepEqual(await after({ a: 1, b: { c: 2 } }, { $set: { a: 5, 'b.d': 3, 'x.y': 1 } }), { a: 5, b: { c: 2, d: 3 }, x: { y: 1 } });
    assert.deepEqual(await after({ a: 1, b: 2 }, { $unset: { a: '' } }), { b: 2 });
    assert.deepEqual(await after({ n: 1 }, { $inc: { n: 2, m: 5 } }), { n: 3, m: 5 });
    assert.deepEqual(await after({ n: 3 }, { $mul: { n: 4 } }), { n: 12 });
    assert.deepEqual(await after({ lo: 5, hi: 5 }, { $min: { lo: 2 }, $max: { hi: 9 } }), { lo: 2, hi: 9 });
    assert.deepEqual(await after({ old: 1, keep: 2 }, { $rename: { old: 'renamed' } }), { keep: 2, renamed: 1 });
    const stamped = await after({ a: 1 }, { $currentDate: { at: true } });
    assert.ok(stamped?.at instanceof Date);
  });

  it('$push with $each, $slice, $sort and $position; $pop, $pull, $pullAll, $addToSet', async () => {
    assert.deepEqual(await after({ a: [1] }, { $push: { a: 2 } }), { a: [1, 2] });
    assert.deepEqual(await after({ a: [1, 2] }, { $push: { a: { $each: [3, 4, 5], $slice: -3 } } }), { a: [3, 4, 5] });
    assert.deepEqual(await after({ a: [5, 1] }, { $push: { a: { $each: [3], $sort: 1 } } }), { a: [1, 3, 5] });
    assert.deepEqual(await after({ a: [1, 2] }, { $push: { a: { $each: [0], $position: 0 } } }), { a: [0, 1, 2] });
    assert.deepEqual(await after({ a: [1, 2, 3] }, { $pop: { a: 1 } }), { a: [1, 2] });
    assert.deepEqual(await after({ a: [1, 2, 3, 2] }, { $pull: { a: 2 } }), { a: [1, 3] });
    assert.deepEqual(await after({ a: [1, 5, 8] }, { $pull: { a: { $gte: 5 } } }), { a: [1] });
    assert.deepEqual(await after({ a: [{ k: 1 }, { k: 2 }] }, { $pull: { a: { k: 2 } } }), { a: [{ k: 1 }] });
    assert.deepEqual(await after({ a: [1, 2, 3] }, { $pullAll: { a: [1, 3] } }), { a: [2] });
    assert.deepEqual(await after({ a: [1, 2] }, { $addToSet: { a: 2 } }), { a: [1, 2] });
    assert.deepEqual(await after({ a: [1] }, { $addToSet: { a: { $each: [1, 2, 3] } } }), { a: [1, 2, 3] });
  });

  it('positional $, $[] and arrayFilters', async () => {
    assert.deepEqual(
      await after({ grades: [80, 85, 90] }, { $set: { 'grades.$': 82 } }, {}, { grades: 80 }),
      { grades: [82, 85, 90] },
    );
    assert.deepEqual(
      await after({ items: [{ sku: 'a', q: 1 }, { sku: 'b', q: 1 }] }, { $inc: { 'items.$.q': 5 } }, {}, { 'items.sku': 'b' }),
      { items: [{ sku: 'a', q: 1 }, { sku: 'b', q: 6 }] },
    );
    assert.deepEqual(await after({ a: [1, 2, 3] }, { $inc: { 'a.$[]': 10 } }), { a: [11, 12, 13] });
    assert.deepEqual(
      await after({ a: [1, 5, 9] }, { $set: { 'a.$[big]': 0 } }, { arrayFilters: [{ big: { $gte: 5 } }] }),
      { a: [1, 0, 0] },
    );
    assert.deepEqual(
      await after({ rows: [{ k: 'x', v: 1 }, { k: 'y', v: 2 }] }, { $set: { 'rows.$[r].v': 9 } }, { arrayFilters: [{ 'r.k': 'y' }] }),
      { rows: [{ k: 'x', v: 1 }, { k: 'y', v: 9 }] },
    );
  });

  it('pipeline updates', async () => {
    assert.deepEqual(
      await after({ a: 2, b: 3 }, [{ $set: { sum: { $add: ['$a', '$b'] } } }, { $unset: 'b' }]),
      { a: 2, sum: 5 },
    );
  });

  it('upsert builds the document from the filter and $setOnInsert', async () => {
    const c = fx.db.collection('upserts');
    const r = await c.updateOne({ name: 'n1', 'meta.kind': 'k' }, { $set: { v: 1 }, $setOnInsert: { created: true } }, { upsert: true });
    assert.equal(r.upsertedCount, 1);
    assert.deepEqual(await c.findOne({ _id: r.upsertedId! }, { projection: { _id: 0 } }), { name: 'n1', meta: { kind: 'k' }, v: 1, created: true });
    const again = await c.updateOne({ name: 'n1' }, { $set: { v: 2 }, $setOnInsert: { created: false } }, { upsert: true });
    assert.deepEqual([again.matchedCount, again.modifiedCount, again.upsertedCount], [1, 1, 0]);
    assert.equal((await c.findOne({ name: 'n1' }))?.created, true);
    await c.updateOne({ _id: 'given' as never, x: { $gt: 1 } }, { $set: { y: 1 } }, { upsert: true });
    assert.deepEqual(await c.findOne({ _id: 'given' as never }), { _id: 'given', y: 1 });
    await c.replaceOne({ name: 'rep' }, { name: 'rep', whole: true }, { upsert: true });
    assert.deepEqual(await c.findOne({ name: 'rep' }, { projection: { _id: 0 } }), { name: 'rep', whole: true });
  });

  it('updateMany touches every match; multi updates count modified documents', async () => {
    const c = fx.db.collection('many');
    await c.insertMany([{ g: 1, v: 0 }, { g: 1, v: 5 }, { g: 2, v: 0 }]);
    const r = await c.updateMany({ g: 1 }, { $set: { v: 5 } });
    assert.deepEqual([r.matchedCount, r.modifiedCount], [2, 1]);
  });

  it('rejects unknown update operators with a MongoDB-shaped error', async () => {
    const c = fx.db.collection('bad');
    await c.insertOne({ a: 1 });
    await assert.rejects(c.updateOne({}, { $frobnicate: { a: 1 } } as never), (e: { code?: number; message: string }) => {
      assert.match(e.message, /\$frobnicate/);
      assert.equal(typeof e.code, 'number');
      return true;
    });
  });

  it('answers MongoDB errors where an operator cannot apply, and leaves the document unchanged', async () => {
    const c = fx.db.collection('typed');
    await c.insertOne({ _id: 1 as never, s: 'x', n: 5, nested: 1 });
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $inc: { s: 1 } }), (e: { code?: number }) => e.code === 14);
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $push: { n: 1 } } as never), (e: { code?: number }) => e.code === 2);
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $set: { 'nested.deeper': 1 } }), (e: { code?: number }) => e.code === 28);
    assert.deepEqual(await c.findOne({ _id: 1 as never }), { _id: 1, s: 'x', n: 5, nested: 1 });
  });

  it('$inc and $mul on int64 values keep them int64', async () => {
    const c = fx.db.collection('longs');
    await c.insertOne({ _id: 1 as never, big: Long.fromString('9007199254740993') });
    await c.updateOne({ _id: 1 as never }, { $inc: { big: 2, fresh: Long.fromNumber(7) } });
    const doc = await c.findOne({ _id: 1 as never }, { promoteLongs: false });
    assert.equal(doc?.big.toString(), '9007199254740995');
    assert.ok(doc?.fresh instanceof Long && doc.fresh.toNumber() === 7);
  });
});
