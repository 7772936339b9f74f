import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal128, type Document, Double, Int32, Long } from 'mongodb';
import { Schema } from 'mongoose';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';
import { useMongoose } from '../test-support/mongoose-fixture.js';

/** The BSON type of a value read with `promoteValues: false`, as `$type` names it. */
function typeName(value: unknown): string {
  if (value instanceof Double) return 'double';
  if (value instanceof Int32) return 'int';
  if (value instanceof Long) return 'long';
  if (value instanceof Decimal128) return 'decimal';
  return typeof value;
}

/** Issue 17: every number keeps the BSON type it was written with, as MongoDB keeps it. */
describe('numeric BSON types', () => {
  const fx = useDriver('numtypes');

  const rawField = async (collection: { findOne: (...args: never[]) => Promise<unknown> }, id: number, field: string): Promise<string> => {
    const doc = (await collection.findOne({ _id: id } as never, { promoteValues: false } as never)) as Record<string, unknown> | null;
    return typeName(doc?.[field]);
  };

  it('double, int, long and decimal round-trip with their types, and $type tells them apart', async () => {
    const c = await fx.fresh([
      { _id: 1, x: new Double(5) },
      { _id: 2, x: new Int32(5) },
      { _id: 3, x: Long.fromNumber(5) },
      { _id: 4, x: Decimal128.fromString('5') },
      { _id: 5, x: new Double(-0) },
      { _id: 6, x: 2.5 },
    ]);
    assert.deepEqual(await Promise.all([1, 2, 3, 4, 5, 6].map((id) => rawField(c, id, 'x'))), ['double', 'int', 'long', 'decimal', 'double', 'double']);
    const ids = async (filter: object): Promise<number[]> => (await c.find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
    assert.deepEqual(await ids({ x: { $type: 'double' } }), [1, 5, 6]);
    assert.deepEqual(await ids({ x: { $type: 'int' } }), [2]);
    assert.deepEqual(await ids({ x: { $type: 'long' } }), [3]);
    assert.deepEqual(await ids({ x: { $type: 'decimal' } }), [4]);
    assert.deepEqual(await ids({ x: { $type: 1 } }), [1, 5, 6]);
    assert.deepEqual(await ids({ x: 5 }), [1, 2, 3, 4], 'numbers of one value are equal whatever their type');
    assert.deepEqual(await ids({ x: new Double(5) }), [1, 2, 3, 4]);
    assert.deepEqual(await ids({ x: { $gte: 5, $lt: 6 } }), [1, 2, 3, 4]);
    assert.deepEqual(await ids({ x: { $in: [5] } }), [1, 2, 3, 4]);
    assert.equal(await c.countDocuments({ $expr: { $eq: ['$x', 5] } }), 4);
  });

  it('find projections and type-keeping aggregation stages answer the stored types', async () => {
    const c = await fx.fresh([{ _id: 1, x: new Double(5), n: 1, sub: { d: new Double(2) }, arr: [new Double(1), 2] }]);
    const projected = await c.findOne({ _id: 1 }, { projection: { x: 1, 'sub.d': 1, arr: 1 }, promoteValues: false });
    assert.ok(projected?.x instanceof Double);
    assert.ok((projected?.sub as { d: unknown }).d instanceof Double);
    assert.deepEqual((projected?.arr as unknown[]).map(typeName), ['double', 'int']);
    const [aggregated] = await c
      .aggregate([{ $match: { x: 5 } }, { $project: { x: 1, copy: '$x' } }, { $unwind: '$_id' }, { $sort: { x: 1 } }], { promoteValues: false })
      .toArray();
    assert.ok(aggregated?.x instanceof Double);
    assert.ok(aggregated?.copy instanceof Double);
    const [grouped] = await c.aggregate([{ $group: { _id: null, total: { $sum: '$x' }, doubled: { $sum: { $multiply: ['$x', 2] } } } }]).toArray();
    assert.equal(grouped?.total, 5);
    assert.equal(grouped?.doubled, 10);
  });

  it('$set keeps the type it is given; an update leaves the types of the fields it does not touch', async () => {
    const c = await fx.fresh([{ _id: 1, x: 5, y: new Double(3), z: new Double(4) }]);
    await c.updateOne({ _id: 1 }, { $set: { x: new Double(5) } });
    assert.equal(await rawField(c, 1, 'x'), 'double', 'an int set to the double of its value becomes a double');
    await c.updateOne({ _id: 1 }, { $set: { other: 1 } });
    await c.updateOne({ _id: 1 }, [{ $set: { other: { $add: ['$other', 1] } } }]);
    assert.equal(await rawField(c, 1, 'y'), 'double');
    await c.replaceOne({ _id: 1 }, { y: new Double(3), z: 4 });
    assert.deepEqual([await rawField(c, 1, 'y'), await rawField(c, 1, 'z')], ['double', 'int']);
  });

  it('$inc and $mul follow MongoDB’s type promotion', async () => {
    const c = await fx.fresh([
      { _id: 1, i: 5, d: new Double(5), l: Long.fromNumber(5), m: Decimal128.fromString('5.1'), big: 2147483647 },
    ]);
    await c.updateOne(
      { _id: 1 },
      {
        $inc: { i: 1, d: 1, l: 1, m: 1, big: 1, fresh: new Double(2), 'sub.n': 1 },
        $mul: { missingInt: 3, missingDouble: new Double(3) },
      } as Document,
    );
    const raw = (await c.findOne({ _id: 1 }, { promoteValues: false })) as Record<string, unknown>;
    assert.deepEqual(
      ['i', 'd', 'l', 'm', 'big', 'fresh', 'missingInt', 'missingDouble'].map((key) => [key, typeName(raw[key])]),
      [['i', 'int'], ['d', 'double'], ['l', 'long'], ['m', 'decimal'], ['big', 'long'], ['fresh', 'double'], ['missingInt', 'int'], ['missingDouble', 'double']],
    );
    assert.equal(String(raw.m), '6.1', 'decimal arithmetic is exact');
    assert.equal(String(raw.big), '2147483648', 'an int32 overflow becomes a long');
    const promoted = await fx.fresh([{ _id: 1, i: 5 }]);
    await promoted.updateOne({ _id: 1 }, { $inc: { i: new Double(1) } } as Document);
    assert.equal(await rawField(promoted, 1, 'i'), 'double', 'int + double is a double');
    await promoted.updateOne({ _id: 1 }, { $mul: { i: 2 } } as Document);
    assert.equal(await rawField(promoted, 1, 'i'), 'double', 'double * int is a double');
    assert.equal((await promoted.findOne({ _id: 1 }))?.i, 12);
    await assert.rejects(promoted.updateOne({ _id: 1 }, { $inc: { i: 'x' as never } }), hasCode(14));
    await assert.rejects(promoted.updateOne({ _id: 1 }, { $bit: { i: { and: 2 } } } as Document), hasCode(14), '$bit refuses a double');
  });

  it('positional $inc, $push and $pop keep the types of the elements', async () => {
    const c = await fx.fresh([{ _id: 1, arr: [{ v: new Double(1) }, { v: 2 }], nums: [new Double(3), 1] }]);
    await c.updateOne({ _id: 1, 'arr.v': 1 }, { $inc: { 'arr.$.v': 1 } } as Document);
    await c.updateOne({ _id: 1 }, { $inc: { 'arr.$[].v': 1 } } as Document);
    await c.updateOne({ _id: 1 }, { $push: { nums: { $each: [new Double(0), 2], $sort: 1 } } } as Document);
    await c.updateOne({ _id: 1 }, { $pop: { nums: 1 } } as Document);
    const raw = (await c.findOne({ _id: 1 }, { promoteValues: false })) as Record<string, unknown>;
    assert.deepEqual((raw.arr as { v: unknown }[]).map((e) => [Number(e.v), typeName(e.v)]), [[3, 'double'], [3, 'int']]);
    assert.deepEqual((raw.nums as unknown[]).map((e) => [Number(e), typeName(e)]), [[0, 'double'], [1, 'int'], [2, 'int']]);
  });

  it('$min, $max, $addToSet and $pull compare numbers by value across types', async () => {
    const c = await fx.fresh([{ _id: 1, lo: 5, hi: new Double(5), set: [new Double(5), 2], pulled: [new Double(5), 5, 6] }]);
    await c.updateOne({ _id: 1 }, { $min: { lo: new Double(3) }, $max: { hi: 4 }, $addToSet: { set: 5 }, $pull: { pulled: 5 } } as Document);
    const raw = (await c.findOne({ _id: 1 }, { promoteValues: false })) as Record<string, unknown>;
    assert.equal(typeName(raw.lo), 'double', '$min stores the smaller value with its own type');
    assert.equal(typeName(raw.hi), 'double', '$max leaves the larger stored value as it was');
    assert.deepEqual((raw.set as unknown[]).map(typeName), ['double', 'int'], '5 is already in the set as 5.0');
    assert.deepEqual((raw.pulled as unknown[]).map(Number), [6]);
  });

  it('a unique index holds 5 and 5.0 as one key', async () => {
    const c = await fx.fresh([{ _id: 1, k: new Double(5) }]);
    await c.createIndex({ k: 1 }, { unique: true });
    await assert.rejects(c.insertOne({ _id: 2, k: 5 }), hasCode(11000));
    assert.deepEqual((await c.find({ k: 5 }).toArray()).map((d) => d._id), [1]);
  });
});

describe('numeric BSON types through mongoose', () => {
  const fx = useMongoose('numtypesmg');

  it('a Double path stores a double and a Number path set to an integer stores an int, as the driver sends them', async () => {
    const Reading = fx.conn.model('Reading', new Schema({ value: Schema.Types.Double, count: Number }));
    await Reading.create({ value: 5, count: 5 });
    assert.equal(await Reading.countDocuments({ value: { $type: 'double' } }), 1);
    assert.equal(await Reading.countDocuments({ count: { $type: 'int' } }), 1);
    await Reading.updateOne({}, { $inc: { value: 1, count: 1 } });
    assert.equal(await Reading.countDocuments({ value: { $type: 'double' }, count: { $type: 'int' } }), 1);
    const lean = await Reading.findOne({}).lean();
    assert.equal(Number(lean?.value), 6);
  });
});
