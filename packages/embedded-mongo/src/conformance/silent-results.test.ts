import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Binary, Double } from 'mongodb';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/** Issue 17: answers that used to be silently wrong, each checked against MongoDB's documented answer. */
describe('answers that must never be silently wrong', () => {
  const fx = useDriver('silent');

  it('$pull with $or, $and and $nor conditions removes exactly the matching elements', async () => {
    const arr = [{ a: 1 }, { a: 2 }, { a: 3 }];
    const c = await fx.fresh([{ _id: 1, arr }, { _id: 2, arr }, { _id: 3, arr }]);
    await fx.db.command({ update: c.collectionName, updates: [{ q: { _id: 1 }, u: { $pull: { arr: { $or: [{ a: 1 }, { a: 2 }] } } } }] });
    await c.updateOne({ _id: 2 }, { $pull: { arr: { $and: [{ a: { $gte: 2 } }, { a: { $lte: 2 } }] } } } as never);
    await c.updateOne({ _id: 3 }, { $pull: { arr: { $nor: [{ a: 1 }, { a: 2 }] } } } as never);
    const docs = await c.find({}, { sort: { _id: 1 } }).toArray();
    assert.deepEqual(docs.map((d) => d.arr), [[{ a: 3 }], [{ a: 1 }, { a: 3 }], [{ a: 1 }, { a: 2 }]]);
  });

  it('a positional projection returns the first matching element', async () => {
    const c = await fx.fresh([{ _id: 1, events: [{ kind: 'Viewed' }, { kind: 'Purchased', n: 1 }, { kind: 'Purchased', n: 2 }] }]);
    const reply = await fx.db.command({ find: c.collectionName, filter: { 'events.kind': 'Purchased' }, projection: { 'events.$': 1 } });
    assert.deepEqual(reply.cursor.firstBatch, [{ _id: 1, events: [{ kind: 'Purchased', n: 1 }] }]);
  });

  it('$set through an array of subdocuments by field name answers PathNotViable (28) and changes nothing', async () => {
    const c = await fx.fresh([{ _id: 1, comments: [{ body: 'a' }, { body: 'b' }] }]);
    await assert.rejects(c.updateOne({ _id: 1 }, { $set: { 'comments.body': 'x' } }), hasCode(28));
    assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, comments: [{ body: 'a' }, { body: 'b' }] });
    await c.updateOne({ _id: 1 }, { $set: { 'comments.1.body': 'x' } });
    assert.deepEqual((await c.findOne({ _id: 1 }))?.comments, [{ body: 'a' }, { body: 'x' }]);
  });

  it('$all matches a non-array field equal to its single value', async () => {
    const c = await fx.fresh([{ _id: 1, meta: { visitors: 4 } }, { _id: 2, meta: { visitors: [4, 5] } }, { _id: 3, meta: { visitors: 5 } }]);
    const ids = (await c.find({ 'meta.visitors': { $all: [4] } }).toArray()).map((d) => d._id);
    assert.deepEqual(ids, [1, 2]);
  });

  it('a case-insensitive collation (strength 2) matches and sorts regardless of case', async () => {
    const c = await fx.fresh([{ _id: 1, name: 'bob' }, { _id: 2, name: 'Alice' }, { _id: 3, name: 'alice' }, { _id: 4, name: 'Bob' }, { _id: 5, name: 'carl' }]);
    const collation = { locale: 'en', strength: 2 };
    const found = await c.find({ name: 'ALICE' }, { collation, sort: { _id: 1 } }).toArray();
    assert.deepEqual(found.map((d) => d._id), [2, 3]);
    const sorted = await c.find({}, { collation, sort: { name: 1, _id: 1 } }).toArray();
    assert.deepEqual(sorted.map((d) => d._id), [2, 3, 1, 4, 5]);
    assert.equal(await c.countDocuments({ name: { $in: ['BOB'] } }, { collation }), 2);
    assert.deepEqual((await c.find({ name: { $gt: 'BOB' } }, { collation }).toArray()).map((d) => d._id), [5]);
    const updated = await c.updateMany({ name: 'bob' }, { $set: { seen: true } }, { collation });
    assert.equal(updated.modifiedCount, 2);
    assert.equal((await c.find({ name: 'alice' }).toArray()).length, 1, 'without a collation comparison stays binary');
    const names = (await c.distinct('name', {}, { collation })).map((name) => String(name).toLowerCase());
    assert.deepEqual(names, ['alice', 'bob', 'carl']);
  });

  it("a Binary's subtype is part of its value", async () => {
    const c = await fx.fresh([{ _id: 1, bin: new Binary(Buffer.from('ab'), 0) }]);
    const r = await c.updateOne({ _id: 1 }, { $set: { bin: new Binary(Buffer.from('ab'), 4) } });
    assert.equal(r.modifiedCount, 1);
    assert.equal(((await c.findOne({ _id: 1 }))?.bin as Binary | undefined)?.sub_type, 4);
    assert.equal(await c.countDocuments({ bin: new Binary(Buffer.from('ab'), 0) }), 0);
    assert.equal(await c.countDocuments({ bin: new Binary(Buffer.from('ab'), 4) }), 1);
  });

  it('an integral double stays a double', async () => {
    const c = await fx.fresh([{ _id: 1, x: new Double(1) }]);
    assert.equal(await c.countDocuments({ x: { $type: 'double' } }), 1);
    assert.equal(await c.countDocuments({ x: { $type: 'int' } }), 0);
    assert.equal(await c.countDocuments({ x: 1 }), 1);
    const raw = await c.findOne({ _id: 1 }, { promoteValues: false });
    assert.ok(raw?.x instanceof Double);
  });
});
