import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Binary, DBRef } from 'mongodb';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * Issue 35: answers that were acknowledged but differed from MongoDB's, each reproduced on the issue's
 * collection `{_id: 1, a: 1, arr: [3, 1, 2]}`, `{_id: 2}`, `{_id: 3, a: null}` where it applies.
 */
const base = () => [{ _id: 1, a: 1, arr: [3, 1, 2] }, { _id: 2 }, { _id: 3, a: null }];
const ids = (docs: Array<{ _id: unknown }>) => docs.map((d) => d._id);

describe('issue 35: MongoDB answers where the query library answered otherwise', () => {
  const fx = useDriver('mongod35');

  it("an update's let variable defined with $literal is bound to its value", async () => {
    const c = await fx.fresh(base());
    await fx.db.command({ update: c.collectionName, updates: [{ q: { _id: 1 }, u: [{ $set: { y: '$$foo' } }] }], let: { foo: { $literal: 'bar' } } });
    assert.equal((await c.findOne({ _id: 1 }))?.y, 'bar');
  });

  it('$all with a regular expression matches strings and arrays of strings', async () => {
    const c = await fx.fresh([{ _id: 1, s: 'abc' }, { _id: 2, s: ['x', 'abd'] }, { _id: 3, s: ['x'] }]);
    assert.deepEqual(ids(await c.find({ s: { $all: [/^ab/] } }).sort({ _id: 1 }).toArray()), [1, 2]);
  });

  it('null equality through an array of subdocuments counts an element without the field', async () => {
    const c = await fx.fresh([{ _id: 1, items: [{ price: 1 }, { x: 1 }] }, { _id: 2, items: [{ price: 1 }] }]);
    assert.deepEqual(ids(await c.find({ 'items.price': null }).toArray()), [1]);
    assert.deepEqual(ids(await c.find({ 'items.price': { $ne: null } }).toArray()), [2]);
  });

  it('$elemMatch with a field condition looks at document elements only', async () => {
    const c = await fx.fresh([{ _id: 1, a: [1, 2] }, { _id: 2, a: [{ b: 1 }, 3] }, { _id: 3, a: [{ c: 1 }] }]);
    assert.deepEqual(ids(await c.find({ a: { $elemMatch: { b: null } } }).toArray()), [3]);
    assert.deepEqual(ids(await c.find({ a: { $elemMatch: { b: { $ne: 1 } } } }).toArray()), [3]);
    assert.deepEqual(ids(await c.find({ a: { $elemMatch: { $gt: 1 } } }).toArray()), [1, 2]);
  });

  it('$push with $each and $sort, and $addToSet with $each, onto a missing field sort and de-duplicate', async () => {
    const c = await fx.fresh(base());
    await c.updateOne({ _id: 2 }, { $push: { p: { $each: [3, 1, 2], $sort: 1 } }, $addToSet: { q: { $each: [1, 1, 2] } } } as never);
    assert.deepEqual(await c.findOne({ _id: 2 }), { _id: 2, p: [1, 2, 3], q: [1, 2] });
  });

  it('$setWindowFields with a range window and a dotted sortBy', async () => {
    const c = await fx.fresh([{ _id: 1, m: { t: 1 }, v: 1 }, { _id: 2, m: { t: 2 }, v: 2 }, { _id: 3, m: { t: 5 }, v: 3 }]);
    const out = await c.aggregate([{ $setWindowFields: { sortBy: { 'm.t': 1 }, output: { s: { $sum: '$v', window: { range: [-1, 0] } } } } }, { $sort: { _id: 1 } }]).toArray();
    assert.deepEqual(out.map((d) => d.s), [1, 3, 3]);
    assert.ok(out.every((d) => Object.keys(d).join() === '_id,m,v,s'));
  });

  it('$arrayToObject of a literal array of pairs keeps every pair', async () => {
    const c = await fx.fresh(base());
    const [doc] = await c.aggregate([{ $match: { _id: 1 } }, { $project: { _id: 0, o: { $arrayToObject: [[['a', 1], ['b', 2]]] } } }]).toArray();
    assert.deepEqual(doc, { o: { a: 1, b: 2 } });
  });

  it('$bucket without default answers 40066 for a value outside every bucket', async () => {
    const c = await fx.fresh(base());
    await assert.rejects(c.aggregate([{ $bucket: { groupBy: '$a', boundaries: [0, 5] } }]).toArray(), hasCode(40066));
    const inside = await c.aggregate([{ $match: { _id: 1 } }, { $bucket: { groupBy: '$a', boundaries: [0, 5] } }]).toArray();
    assert.deepEqual(inside, [{ _id: 0, count: 1 }]);
  });

  it('$group with a compound _id leaves a missing field out, so missing and null are two groups', async () => {
    const c = await fx.fresh(base());
    const out = await c.aggregate([{ $group: { _id: { a: '$a' }, n: { $sum: 1 } } }]).toArray();
    assert.deepEqual(out.map((d) => JSON.stringify(d._id)).sort(), ['{"a":1}', '{"a":null}', '{}']);
  });

  it('the $push and $addToSet accumulators skip missing values, and $project leaves a missing path out', async () => {
    const c = await fx.fresh(base());
    const [group] = await c.aggregate([{ $sort: { _id: 1 } }, { $group: { _id: null, p: { $push: '$a' }, s: { $addToSet: '$a' } } }]).toArray();
    assert.deepEqual(group?.p, [1, null]);
    assert.equal(group?.s.length, 2);
    const projected = await c.aggregate([{ $sort: { _id: 1 } }, { $project: { x: '$a', y: '$nope.q' } }]).toArray();
    assert.deepEqual(projected, [{ _id: 1, x: 1 }, { _id: 2 }, { _id: 3, x: null }]);
  });

  it('upserts seed the document as MongoDB does, and refuse an array _id (53)', async () => {
    const c = fx.db.collection<{ _id: number; [key: string]: unknown }>('upserts');
    await c.updateOne({ $or: [{ x: 1 }] }, { $set: { y: 1 } }, { upsert: true });
    await c.updateOne({ _id: { $in: [7] } }, { $set: { y: 2 } }, { upsert: true });
    await c.updateOne({ r: /abc/ }, { $set: { y: 3 } }, { upsert: true });
    const docs = await c.find({}, { projection: { _id: 0 } }).sort({ y: 1 }).toArray();
    assert.deepEqual(docs, [{ x: 1, y: 1 }, { y: 2 }, { y: 3 }]);
    assert.deepEqual(await c.findOne({ _id: 7 }), { _id: 7, y: 2 });
    await assert.rejects(c.updateOne({ _id: [1, 2] as never }, { $set: { y: 1 } }, { upsert: true }), hasCode(53));
    assert.equal(await c.countDocuments({ y: 1 }), 1);
  });

  it('an upsert with $pull and $pullAll of fields the new document lacks (mongoose findOneAndUpdate test "allows upserting")', async () => {
    const c = fx.db.collection<{ _id: number; [key: string]: unknown }>('pullupsert');
    const doc = await c.findOneAndUpdate({ _id: 9, title: 't' }, { $set: { title: 'n' }, $inc: { n: 2 }, $pullAll: { numbers: [4, 6] }, $pull: { owners: 1 } } as never, { upsert: true, returnDocument: 'after' });
    assert.deepEqual(doc, { _id: 9, title: 'n', n: 2 });
  });

  it('$in with a whole-array value, $bitsAllSet on binData, the DBRef path ref.$id', async () => {
    const c = await fx.fresh([...base(), { _id: 4, b: new Binary(Buffer.from([0x03])) }, { _id: 5, ref: new DBRef('x', 5 as never) }]);
    assert.deepEqual(ids(await c.find({ arr: { $in: [[3, 1, 2]] } }).toArray()), [1]);
    assert.deepEqual(ids(await c.find({ b: { $bitsAllSet: [0, 1] } }).toArray()), [4]);
    assert.deepEqual(ids(await c.find({ b: { $bitsAllSet: [2] } }).toArray()), []);
    assert.deepEqual(ids(await c.find({ 'ref.$id': 5 }).toArray()), [5]);
  });

  it('$size of a missing field answers 17124', async () => {
    const c = await fx.fresh(base());
    await assert.rejects(c.aggregate([{ $project: { s: { $size: '$nope' } } }]).toArray(), hasCode(17124));
  });

  it('an update path with a $-prefixed field name: $unset of a Map of subdocuments, a field named $each', async () => {
    const c = await fx.fresh([{ _id: 1, nested: { data: { k: { _id: 1, v: 1 } } } }]);
    await c.updateOne({ _id: 1 }, { $unset: { 'nested.data.$*._id': 1 } } as never);
    assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, nested: { data: { k: { _id: 1, v: 1 } } } });
    await c.updateOne({ _id: 1 }, { $set: { 'x.$each': 1 } } as never);
    assert.deepEqual((await c.findOne({ _id: 1 }))?.x, { $each: 1 });
  });

  it('a $-prefixed field at the top level: $set refuses it on an existing document (52), an upsert may create it', async () => {
    const c = await fx.fresh([{ _id: 1 }]);
    await assert.rejects(c.updateOne({ _id: 1 }, { $set: { $each: 1 } } as never), hasCode(52));
    await c.updateOne({ _id: 1 }, { $set: { 'address.$street': 'Elm Ave' } } as never);
    await c.updateOne({ _id: 2 }, { $set: { $hotel: 320 } } as never, { upsert: true });
    assert.deepEqual(await c.find().sort({ _id: 1 }).toArray(), [{ _id: 1, address: { $street: 'Elm Ave' } }, { _id: 2, $hotel: 320 }]);
    await assert.rejects(c.updateOne({ _id: 2 }, { $set: { $hotel: 1 } } as never, { upsert: true }), hasCode(52));
  });

  it('collation locales as MongoDB names them (en_US, de, de@collation=phonebook); an unknown one is refused', async () => {
    const c = await fx.fresh([{ _id: 1, s: 'b' }, { _id: 2, s: 'A' }, { _id: 3, s: 'a' }]);
    const sorted = await c.find({}).sort({ s: 1 }).collation({ locale: 'en_US' }).toArray();
    assert.deepEqual(ids(sorted), [3, 2, 1]);
    assert.deepEqual(ids(await c.find({ s: 'A' }).collation({ locale: 'en_US', strength: 2 }).sort({ _id: 1 }).toArray()), [2, 3]);
    const german = await fx.fresh([{ _id: 1, s: 'Müller' }, { _id: 2, s: 'Mueller' }, { _id: 3, s: 'Muller' }]);
    assert.deepEqual(ids(await german.find({}).sort({ s: 1 }).collation({ locale: 'de' }).toArray()), [2, 3, 1]);
    assert.deepEqual(ids(await german.find({}).sort({ s: 1, _id: 1 }).collation({ locale: 'de@collation=phonebook' }).toArray()), [2, 1, 3]);
    await assert.rejects(c.find({}).collation({ locale: 'xx_NOPE' }).toArray(), hasCode(2));
  });

  it('$sum and $avg as expressions skip a path a document lacks', async () => {
    const c = await fx.fresh(base());
    const out = await c.aggregate([{ $sort: { _id: 1 } }, { $project: { s: { $sum: ['$a', 1] }, v: { $avg: '$arr' }, w: { $sum: '$nope' }, z: { $avg: ['$nope', '$a'] } } }]).toArray();
    assert.deepEqual(out, [{ _id: 1, s: 2, v: 2, w: 0, z: 1 }, { _id: 2, s: 1, v: null, w: 0, z: null }, { _id: 3, s: 1, v: null, w: 0, z: null }]);
    const [group] = await c.aggregate([{ $group: { _id: null, s: { $sum: '$a' }, v: { $avg: '$a' } } }]).toArray();
    assert.deepEqual(group, { _id: null, s: 1, v: 1 });
  });

  it('a dotted field path in an expression skips an array nested in an array and reads no array index (ExpressionFieldPath)', async () => {
    const c = await fx.fresh([{ _id: 1, a: [[{ b: 1 }], { b: 2 }, 3, { c: 1 }] }, { _id: 2, a: [[{ b: 5 }]] }, { _id: 3, a: { b: [4] } }]);
    const byId = { $sort: { _id: 1 } };
    assert.deepEqual(await c.aggregate([byId, { $project: { x: '$a.b', first: '$a.0' } }]).toArray(), [
      { _id: 1, x: [2], first: [] },
      { _id: 2, x: [], first: [] },
      { _id: 3, x: [4] },
    ]);
    assert.deepEqual(await c.aggregate([{ $group: { _id: '$a.b', n: { $sum: 1 } } }, byId]).toArray(), [
      { _id: [], n: 1 },
      { _id: [2], n: 1 },
      { _id: [4], n: 1 },
    ]);
    assert.deepEqual(await c.aggregate([byId, { $group: { _id: null, b: { $push: '$a.b' } } }]).toArray(), [{ _id: null, b: [[2], [], [4]] }]);
    assert.deepEqual(await c.aggregate([byId, { $project: { m: { $map: { input: { $literal: [[{ b: 1 }], { b: 2 }] }, as: 'e', in: '$$e.b' } } } }, { $limit: 1 }]).toArray(), [
      { _id: 1, m: [[1], 2] },
    ]);
    assert.deepEqual(ids(await c.find({ $expr: { $eq: ['$a.b', []] } }).toArray()), [2]);
    assert.deepEqual(await c.find({ _id: 1 }, { projection: { x: '$a.b' } }).toArray(), [{ _id: 1, x: [2] }]);
  });
});
