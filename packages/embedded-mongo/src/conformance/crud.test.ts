import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Binary, Decimal128, Long, ObjectId } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

describe('CRUD through the mongodb driver', () => {
  const fx = useDriver('crud');

  it('inserts, finds, updates, replaces and deletes', async () => {
    const c = fx.db.collection('people');
    const { insertedId } = await c.insertOne({ name: 'Ada', age: 36 });
    assert.ok(insertedId instanceof ObjectId);
    const many = await c.insertMany([{ name: 'Grace', age: 45 }, { name: 'Linus', age: 28 }]);
    assert.equal(many.insertedCount, 2);
    assert.equal((await c.findOne({ _id: insertedId }))?.name, 'Ada');
    const upd = await c.updateMany({ age: { $gte: 30 } }, { $set: { senior: true } });
    assert.deepEqual([upd.matchedCount, upd.modifiedCount], [2, 2]);
    const again = await c.updateOne({ name: 'Ada' }, { $set: { senior: true } });
    assert.deepEqual([again.matchedCount, again.modifiedCount], [1, 0]);
    const rep = await c.replaceOne({ name: 'Linus' }, { name: 'Linus', age: 29 });
    assert.equal(rep.modifiedCount, 1);
    assert.deepEqual(await c.findOne({ name: 'Linus' }, { projection: { _id: 0 } }), { name: 'Linus', age: 29 });
    const del = await c.deleteMany({ senior: true });
    assert.equal(del.deletedCount, 2);
    assert.deepEqual((await c.find().toArray()).map((d) => d.name), ['Linus']);
  });

  it('round-trips ObjectId, Date, Decimal128, Binary, Long, nested documents and arrays exactly', async () => {
    const c = fx.db.collection('types');
    const doc = {
      _id: new ObjectId(),
      when: new Date('2024-02-29T12:34:56.789Z'),
      price: Decimal128.fromString('12345.6789012345678901'),
      blob: new Binary(Buffer.from([0, 1, 2, 250, 255]), 0),
      uuid: new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 4),
      big: Long.fromString('9007199254740993'),
      small: Long.fromNumber(42),
      nested: { a: { b: [1, 'two', { three: 3 }] }, empty: {}, none: null },
      list: [[1, 2], [], [{ x: new ObjectId() }]],
      float: 1.5,
      int: 7,
      text: 'héllo ✓',
      flag: false,
    };
    await c.insertOne(doc);
    const back = await c.findOne({ _id: doc._id }, { promoteLongs: false, promoteValues: true });
    assert.ok(back);
    assert.equal(back.price.toString(), '12345.6789012345678901');
    assert.ok(back.big instanceof Long && back.big.toString() === '9007199254740993');
    assert.ok(back.small instanceof Long && back.small.toNumber() === 42);
    assert.equal(back.blob.sub_type, 0);
    assert.deepEqual([...back.blob.buffer], [0, 1, 2, 250, 255]);
    assert.equal(back.uuid.sub_type, 4);
    assert.equal(back.when.toISOString(), '2024-02-29T12:34:56.789Z');
    assert.deepEqual(back.nested, doc.nested);
    assert.ok(back.list[2][0].x.equals(doc.list[2]?.[0] && (doc.list[2][0] as { x: ObjectId }).x));
    assert.deepEqual([back.float, back.int, back.text, back.flag], [1.5, 7, 'héllo ✓', false]);
    assert.equal((await c.findOne({ price: Decimal128.fromString('12345.6789012345678901') }))?._id.toHexString(), doc._id.toHexString());
    assert.equal((await c.countDocuments({ when: { $gt: new Date('2024-01-01') } })), 1);
  });

  it('int64 and double values of the same number are equal in queries and indexes', async () => {
    const c = fx.db.collection('mixednumbers');
    await c.insertMany([{ _id: 1 as never, n: Long.fromNumber(5) }, { _id: 2 as never, n: 5 }, { _id: 3 as never, n: 6.5 }]);
    const ids = async (filter: object) => (await c.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    assert.deepEqual(await ids({ n: 5 }), [1, 2]);
    assert.deepEqual(await ids({ n: Long.fromNumber(5) }), [1, 2]);
    assert.deepEqual(await ids({ n: { $in: [5] } }), [1, 2]);
    assert.deepEqual(await ids({ n: { $ne: 5 } }), [3]);
    await c.createIndex({ n: 1 });
    assert.deepEqual(await ids({ n: 5 }), [1, 2]);
    assert.deepEqual(await ids({ n: { $gte: 5, $lt: 6 } }), [1, 2]);
  });

  it('generates an _id when the document has none and keeps _id immutable', async () => {
    const c = fx.db.collection('ids');
    await c.insertOne({ _id: 'fixed' as never, v: 1 });
    await assert.rejects(c.updateOne({ _id: 'fixed' as never }, { $set: { _id: 'other' } }), /immutable field '_id'/);
    await assert.rejects(c.insertOne({ _id: 'fixed' as never }), (e: { code?: number }) => e.code === 11000);
  });

  it('findOneAndUpdate, findOneAndReplace and findOneAndDelete return the right version', async () => {
    const c = fx.db.collection('fam');
    await c.insertMany([{ k: 1, v: 'a' }, { k: 2, v: 'b' }]);
    const before = await c.findOneAndUpdate({ k: 1 }, { $set: { v: 'A' } }, { returnDocument: 'before' });
    assert.equal(before?.v, 'a');
    const afterDoc = await c.findOneAndUpdate({ k: 2 }, { $set: { v: 'B' } }, { returnDocument: 'after', projection: { _id: 0 } });
    assert.deepEqual(afterDoc, { k: 2, v: 'B' });
    const replaced = await c.findOneAndReplace({ k: 2 }, { k: 2, v: 'R' }, { returnDocument: 'after' });
    assert.equal(replaced?.v, 'R');
    const upserted = await c.findOneAndUpdate({ k: 3 }, { $set: { v: 'C' } }, { upsert: true, returnDocument: 'after' });
    assert.equal(upserted?.k, 3);
    const removed = await c.findOneAndDelete({ k: 1 });
    assert.equal(removed?.v, 'A');
    assert.deepEqual((await c.find({}, { sort: { k: 1 } }).toArray()).map((d) => d.k), [2, 3]);
  });

  it('bulkWrite mixes operations and reports counts', async () => {
    const c = fx.db.collection('bulk');
    const result = await c.bulkWrite([
      { insertOne: { document: { _id: 1 as never, n: 1 } } },
      { insertOne: { document: { _id: 2 as never, n: 2 } } },
      { updateOne: { filter: { _id: 1 as never }, update: { $inc: { n: 10 } } } },
      { updateOne: { filter: { _id: 9 as never }, update: { $set: { n: 9 } }, upsert: true } },
      { deleteOne: { filter: { _id: 2 as never } } },
      { replaceOne: { filter: { _id: 1 as never }, replacement: { n: 100 } } },
    ]);
    assert.deepEqual(
      [result.insertedCount, result.matchedCount, result.modifiedCount, result.upsertedCount, result.deletedCount],
      [2, 2, 2, 1, 1],
    );
    assert.deepEqual(await c.find({}, { sort: { _id: 1 } }).toArray(), [{ _id: 1, n: 100 }, { _id: 9, n: 9 }]);
  });

  it('unordered inserts continue past a duplicate and report it', async () => {
    const c = fx.db.collection('unordered');
    await assert.rejects(
      c.insertMany([{ _id: 1 as never }, { _id: 1 as never }, { _id: 2 as never }], { ordered: false }),
      (e: { code?: number; writeErrors?: unknown }) => e.code === 11000,
    );
    assert.equal(await c.countDocuments(), 2);
  });

  it('unacknowledged writes (w: 0) are applied without a reply', async () => {
    const c = fx.db.collection('fireandforget');
    await c.insertOne({ k: 1 }, { writeConcern: { w: 0 } });
    await c.updateOne({ k: 1 }, { $set: { seen: true } }, { writeConcern: { w: 0 } });
    let doc = null;
    for (let i = 0; i < 50 && !doc?.seen; i++) doc = await c.findOne({ k: 1 });
    assert.equal(doc?.seen, true);
  });
});
