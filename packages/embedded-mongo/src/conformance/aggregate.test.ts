import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ObjectId } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

describe('aggregate', () => {
  const fx = useDriver('aggregate');

  before(async () => {
    await fx.db.collection('orders').insertMany([
      { _id: 1 as never, customer: 'c1', status: 'paid', total: 30, items: ['pen', 'ink'] },
      { _id: 2 as never, customer: 'c2', status: 'paid', total: 20, items: ['pad'] },
      { _id: 3 as never, customer: 'c1', status: 'open', total: 5, items: [] },
      { _id: 4 as never, customer: 'c3', status: 'paid', total: 50, items: ['pen'] },
    ]);
    await fx.db.collection('customers').insertMany([
      { _id: 'c1' as never, name: 'Ada' },
      { _id: 'c2' as never, name: 'Grace' },
    ]);
  });

  it('$match, $group, $sort', async () => {
    const rows = await fx.db
      .collection('orders')
      .aggregate([{ $match: { status: 'paid' } }, { $group: { _id: '$customer', sum: { $sum: '$total' }, n: { $sum: 1 } } }, { $sort: { sum: -1 } }])
      .toArray();
    assert.deepEqual(rows, [{ _id: 'c3', sum: 50, n: 1 }, { _id: 'c1', sum: 30, n: 1 }, { _id: 'c2', sum: 20, n: 1 }]);
  });

  it('$project and $unwind', async () => {
    const rows = await fx.db
      .collection('orders')
      .aggregate([{ $unwind: '$items' }, { $project: { _id: 0, item: '$items', big: { $gte: ['$total', 30] } } }, { $sort: { item: 1, big: 1 } }])
      .toArray();
    assert.deepEqual(rows, [
      { item: 'ink', big: true },
      { item: 'pad', big: false },
      { item: 'pen', big: true },
      { item: 'pen', big: true },
    ]);
  });

  it('$lookup across collections', async () => {
    const rows = await fx.db
      .collection('orders')
      .aggregate([
        { $match: { _id: { $in: [1, 4] } } },
        { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
        { $project: { _id: 1, who: '$who.name' } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    assert.deepEqual(rows, [{ _id: 1, who: ['Ada'] }, { _id: 4, who: [] }]);
  });

  it('$count, $skip, $limit, $addFields', async () => {
    assert.deepEqual(await fx.db.collection('orders').aggregate([{ $match: { total: { $gt: 10 } } }, { $count: 'n' }]).toArray(), [{ n: 3 }]);
    const page = await fx.db
      .collection('orders')
      .aggregate([{ $sort: { total: 1 } }, { $skip: 1 }, { $limit: 2 }, { $addFields: { double: { $multiply: ['$total', 2] } } }, { $project: { double: 1 } }])
      .toArray();
    assert.deepEqual(page, [{ _id: 2, double: 40 }, { _id: 1, double: 60 }]);
  });

  it('$sort after other stages uses MongoDB order for null, missing and mixed types', async () => {
    const c = fx.db.collection('mixed');
    await c.insertMany([{ _id: 1 as never, v: 'x' }, { _id: 2 as never, v: 3 }, { _id: 3 as never }, { _id: 4 as never, v: null }, { _id: 5 as never, v: new ObjectId('64b7f0000000000000000000') }]);
    const rows = await c.aggregate([{ $project: { v: 1 } }, { $sort: { v: -1, _id: 1 } }]).toArray();
    assert.deepEqual(rows.map((r) => r._id), [5, 1, 2, 3, 4]);
  });

  it('$group and $lookup on ObjectId keys', async () => {
    const a1 = new ObjectId();
    const a2 = new ObjectId();
    await fx.db.collection('authors').insertMany([{ _id: a1, name: 'Ada' }, { _id: a2, name: 'Alan' }]);
    await fx.db.collection('posts').insertMany([{ author: a1, likes: 3 }, { author: a1, likes: 4 }, { author: a2, likes: 1 }]);
    const rows = await fx.db
      .collection('posts')
      .aggregate([
        { $group: { _id: '$author', likes: { $sum: '$likes' }, posts: { $sum: 1 } } },
        { $lookup: { from: 'authors', localField: '_id', foreignField: '_id', as: 'author' } },
        { $unwind: '$author' },
        { $project: { _id: 0, name: '$author.name', likes: 1, posts: 1 } },
        { $sort: { likes: -1 } },
      ])
      .toArray();
    assert.deepEqual(rows, [{ likes: 7, posts: 2, name: 'Ada' }, { likes: 1, posts: 1, name: 'Alan' }]);
  });

  it('stages that reshape documents never change the stored ones', async () => {
    const c = fx.db.collection('untouched');
    await c.insertOne({ _id: 1 as never, nested: { a: 1 }, list: [{ k: 1 }] });
    await c.aggregate([{ $addFields: { 'nested.b': 2 } }, { $unwind: '$list' }, { $set: { 'list.k': 9 } }]).toArray();
    await c.aggregate([{ $match: {} }, { $skip: 0 }, { $limit: 5 }, { $project: { 'nested.a': 0 } }]).toArray();
    assert.deepEqual(await c.findOne({ _id: 1 as never }), { _id: 1, nested: { a: 1 }, list: [{ k: 1 }] });
    const other = fx.db.collection('untouched2');
    await other.insertOne({ _id: 1 as never, ref: 1 });
    await other.aggregate([{ $lookup: { from: 'untouched', localField: 'ref', foreignField: '_id', as: 'j' } }, { $unwind: '$j' }, { $set: { 'j.nested.a': 99 } }]).toArray();
    await other.aggregate([{ $lookup: { from: 'untouched', localField: 'ref', foreignField: '_id', as: 'j' } }, { $count: 'n' }]).toArray();
    assert.deepEqual(await c.findOne({ _id: 1 as never }), { _id: 1, nested: { a: 1 }, list: [{ k: 1 }] });
  });

  it('an unknown stage answers a MongoDB-shaped error naming it', async () => {
    await assert.rejects(fx.db.collection('orders').aggregate([{ $teleport: {} }]).toArray(), (e: { code?: number; message: string }) => {
      assert.equal(e.code, 40324);
      assert.match(e.message, /\$teleport/);
      return true;
    });
  });
});
