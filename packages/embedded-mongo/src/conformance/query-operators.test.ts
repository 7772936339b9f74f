import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Document, Filter } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

const DOCS = [
  { _id: 1, name: 'apple', qty: 5, price: 1.5, tags: ['red', 'fruit'], dims: { h: 10, w: 5 }, items: [{ sku: 'a', n: 1 }, { sku: 'b', n: 7 }] },
  { _id: 2, name: 'banana', qty: 0, price: 0.25, tags: ['yellow', 'fruit'], dims: { h: 20, w: 3 }, items: [{ sku: 'c', n: 2 }] },
  { _id: 3, name: 'carrot', qty: 12, tags: ['orange', 'vegetable'], dims: { h: 15 }, items: [] },
  { _id: 4, name: 'Date', qty: null, price: 3, tags: [], items: [{ sku: 'a', n: 9 }] },
  { _id: 5, name: 'eggplant', price: 2, tags: ['purple', 'vegetable', 'fruit'] },
];

describe('query operators', () => {
  const fx = useDriver('query');
  const ids = async (filter: Filter<Document>): Promise<number[]> =>
    (await fx.db.collection('produce').find(filter, { sort: { _id: 1 } }).toArray()).map((d) => d._id as unknown as number);

  before(async () => {
    await fx.db.collection('produce').insertMany(DOCS as Document[]);
  });

  it('comparison: $eq $ne $gt $gte $lt $lte $in $nin', async () => {
    assert.deepEqual(await ids({ qty: 5 }), [1]);
    assert.deepEqual(await ids({ qty: { $eq: 12 } }), [3]);
    assert.deepEqual(await ids({ qty: { $ne: 5 } }), [2, 3, 4, 5]);
    assert.deepEqual(await ids({ qty: { $gt: 0 } }), [1, 3]);
    assert.deepEqual(await ids({ qty: { $gte: 0, $lt: 12 } }), [1, 2]);
    assert.deepEqual(await ids({ price: { $lte: 1.5 } }), [1, 2]);
    assert.deepEqual(await ids({ qty: { $in: [0, 12] } }), [2, 3]);
    assert.deepEqual(await ids({ qty: { $nin: [0, 12] } }), [1, 4, 5]);
    assert.deepEqual(await ids({ name: { $gt: 'c' } }), [3, 5]);
  });

  it('null matches null and missing; $exists tells them apart', async () => {
    assert.deepEqual(await ids({ qty: null }), [4, 5]);
    assert.deepEqual(await ids({ qty: { $exists: false } }), [5]);
    assert.deepEqual(await ids({ price: { $exists: true } }), [1, 2, 4, 5]);
    assert.deepEqual(await ids({ 'dims.w': { $exists: true } }), [1, 2]);
  });

  it('logical: $and $or $nor $not', async () => {
    assert.deepEqual(await ids({ $and: [{ tags: 'fruit' }, { price: { $gt: 1 } }] }), [1, 5]);
    assert.deepEqual(await ids({ $or: [{ qty: 0 }, { name: 'carrot' }] }), [2, 3]);
    assert.deepEqual(await ids({ $nor: [{ tags: 'fruit' }, { qty: null }] }), [3]);
    assert.deepEqual(await ids({ qty: { $not: { $gt: 4 } } }), [2, 4, 5]);
  });

  it('element: $type', async () => {
    assert.deepEqual(await ids({ qty: { $type: 'null' } }), [4]);
    assert.deepEqual(await ids({ price: { $type: 'double' } }), [1, 2]);
    assert.deepEqual(await ids({ dims: { $type: 'object' } }), [1, 2, 3]);
  });

  it('array: element match, $all, $size, $elemMatch', async () => {
    assert.deepEqual(await ids({ tags: 'vegetable' }), [3, 5]);
    assert.deepEqual(await ids({ tags: { $all: ['fruit', 'red'] } }), [1]);
    assert.deepEqual(await ids({ tags: { $size: 0 } }), [4]);
    assert.deepEqual(await ids({ items: { $elemMatch: { sku: 'a', n: { $gt: 5 } } } }), [4]);
    assert.deepEqual(await ids({ tags: ['red', 'fruit'] }), [1]);
  });

  it('dotted paths reach into nested documents and arrays of documents', async () => {
    assert.deepEqual(await ids({ 'dims.h': { $gte: 15 } }), [2, 3]);
    assert.deepEqual(await ids({ 'items.sku': 'a' }), [1, 4]);
    assert.deepEqual(await ids({ 'items.n': { $gt: 5 } }), [1, 4]);
    assert.deepEqual(await ids({ 'items.0.sku': 'c' }), [2]);
    assert.deepEqual(await ids({ 'tags.1': 'fruit' }), [1, 2]);
  });

  it('$regex with options and as a regular expression literal', async () => {
    assert.deepEqual(await ids({ name: { $regex: '^[a-c]' } }), [1, 2, 3]);
    assert.deepEqual(await ids({ name: { $regex: '^d', $options: 'i' } }), [4]);
    assert.deepEqual(await ids({ name: /an/ }), [2, 5]);
    assert.deepEqual(await ids({ tags: /^pur/ }), [5]);
  });

  it('$expr and $mod', async () => {
    assert.deepEqual(await ids({ $expr: { $gt: ['$qty', '$price'] } }), [1, 3]);
    assert.deepEqual(await ids({ qty: { $mod: [4, 0] } }), [2, 3]);
  });

  it('projection includes, excludes and slices', async () => {
    const c = fx.db.collection('produce');
    assert.deepEqual(await c.findOne({ _id: 1 as never }, { projection: { name: 1, 'dims.h': 1 } }), { _id: 1, name: 'apple', dims: { h: 10 } });
    assert.deepEqual(await c.findOne({ _id: 2 as never }, { projection: { items: 0, tags: 0, dims: 0, _id: 0 } }), { name: 'banana', qty: 0, price: 0.25 });
    assert.deepEqual(await c.findOne({ _id: 5 as never }, { projection: { tags: { $slice: 2 }, _id: 0 } }), { name: 'eggplant', price: 2, tags: ['purple', 'vegetable'] });
  });
});
