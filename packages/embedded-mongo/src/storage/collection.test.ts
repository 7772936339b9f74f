import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ObjectId } from 'bson';
import { Collection } from './collection.js';
import { parseIndexSpec } from './index-spec.js';

function count(docs: Iterable<unknown>): number {
  let n = 0;
  for (const _ of docs) n += 1;
  return n;
}

function filled(size: number): Collection {
  const collection = new Collection('db', 'c');
  for (let i = 0; i < size; i++) collection.insert({ _id: new ObjectId(), k: i % 1000, t: `s${i}`, tags: [i % 7, 100 + (i % 3)] });
  return collection;
}

describe('indexes narrow the documents a query examines', () => {
  it('an equality query on an indexed field examines only the matching documents', () => {
    const collection = filled(20_000);
    assert.equal(count(collection.candidates({ k: 5 })), 20_000, 'without an index the whole collection is scanned');
    collection.addIndex(parseIndexSpec({ key: { k: 1 } }));
    assert.equal(count(collection.candidates({ k: 5 })), 20);
    assert.equal(count(collection.candidates({ k: { $in: [5, 6] }, other: 1 })), 40);
    assert.equal(count(collection.candidates({ $and: [{ k: { $eq: 7 } }, { t: { $exists: true } }] })), 20);
  });

  it('a range query walks only the keys in range, within one type', () => {
    const collection = filled(20_000);
    collection.addIndex(parseIndexSpec({ key: { k: -1 } }));
    assert.equal(count(collection.candidates({ k: { $gte: 10, $lt: 20 } })), 200);
    assert.equal(count(collection.candidates({ k: { $gt: 995 } })), 80);
    assert.equal(count(collection.candidates({ k: { $lt: 'zzz' } })), 0, 'strings do not range over numbers');
  });

  it('_id lookups go straight to the document', () => {
    const collection = new Collection('db', 'c');
    const ids = Array.from({ length: 5000 }, () => new ObjectId());
    for (const _id of ids) collection.insert({ _id });
    assert.equal(count(collection.candidates({ _id: ids[42] })), 1);
    assert.equal(count(collection.candidates({ _id: { $in: [ids[1], ids[2], new ObjectId()] } })), 2);
  });

  it('of several indexed equalities the one with the fewest documents narrows', () => {
    const collection = filled(20_000);
    collection.addIndex(parseIndexSpec({ key: { k: 1 } }));
    collection.addIndex(parseIndexSpec({ key: { t: 1 } }));
    const [one] = collection.candidates({ t: 's5' });
    assert.equal(count(collection.candidates({ k: 5, t: 's5' })), 1);
    assert.equal(count(collection.candidates({ _id: (one as { _id: ObjectId })._id, k: 5 })), 1);
    assert.equal(count(collection.candidates({ k: 5, t: { $gte: 's5', $lt: 's6' } })), 20, 'a range does not beat 20 equal keys here');
  });

  it('multikey indexes find documents by any array element and keep ranges safe', () => {
    const collection = filled(7_000);
    collection.addIndex(parseIndexSpec({ key: { tags: 1 } }));
    assert.equal(count(collection.candidates({ tags: 3 })), 1000);
    // [k, 100+] arrays: both bounds could be met by different elements, so only one bound narrows.
    assert.ok(count(collection.candidates({ tags: { $gt: 5, $lt: 101 } })) >= 1000);
  });

  it('keeps indexes in step with updates and deletes', () => {
    const collection = new Collection('db', 'c');
    collection.addIndex(parseIndexSpec({ key: { email: 1 }, unique: true }));
    const doc = { _id: 1, email: 'a@x' };
    collection.insert(doc);
    const moved = { _id: 1, email: 'b@x' };
    collection.replace(doc, moved);
    assert.equal(count(collection.candidates({ email: 'a@x' })), 0);
    assert.equal(count(collection.candidates({ email: 'b@x' })), 1);
    collection.insert({ _id: 2, email: 'a@x' });
    assert.throws(() => collection.insert({ _id: 3, email: 'b@x' }), /E11000 duplicate key error collection: db.c index: email_1/);
    collection.remove(moved);
    collection.insert({ _id: 3, email: 'b@x' });
    assert.equal(collection.docs.size, 2);
  });

  it('sparse unique indexes ignore documents without the field; non-sparse treat missing as null', () => {
    const sparse = new Collection('db', 's');
    sparse.addIndex(parseIndexSpec({ key: { code: 1 }, unique: true, sparse: true }));
    sparse.insert({ _id: 1 });
    sparse.insert({ _id: 2 });
    assert.equal(sparse.docs.size, 2);
    const dense = new Collection('db', 'd');
    dense.addIndex(parseIndexSpec({ key: { code: 1 }, unique: true }));
    dense.insert({ _id: 1 });
    assert.throws(() => dense.insert({ _id: 2, code: null }), /dup key/);
  });

  it('a unique index treats an int64 and a double of the same value as duplicates', () => {
    const collection = new Collection('db', 'c');
    collection.addIndex(parseIndexSpec({ key: { n: 1 }, unique: true }));
    collection.insert({ _id: 1, n: 5n });
    assert.throws(() => collection.insert({ _id: 2, n: 5 }), /dup key: \{ n: 5 \}/);
    collection.insert({ _id: 3 });
    assert.throws(() => collection.insert({ _id: new ObjectId('64b7f0000000000000000000'), n: null }), /dup key: \{ n: null \}/);
  });

  it('compound unique indexes compare the whole key', () => {
    const collection = new Collection('db', 'c');
    collection.addIndex(parseIndexSpec({ key: { a: 1, b: 1 }, unique: true }));
    collection.insert({ _id: 1, a: 1, b: 1 });
    collection.insert({ _id: 2, a: 1, b: 2 });
    assert.throws(() => collection.insert({ _id: 3, a: 1, b: 1 }), (e: { code?: number }) => e.code === 11000);
  });

  it('walks an index in sort order, so sort + limit stops early', () => {
    const collection = filled(5_000);
    assert.equal(collection.orderedBy('t', 1), undefined, 'no index on t yet');
    collection.addIndex(parseIndexSpec({ key: { t: 1 } }));
    const walked = [...(collection.orderedBy('t', -1)?.docs ?? [])].map((d) => d.t as string);
    assert.equal(walked.length, 5_000);
    assert.deepEqual(walked, [...walked].sort().reverse());
    const ids = [...(collection.orderedBy('_id', 1)?.docs ?? [])].map((d) => (d._id as ObjectId).toHexString());
    assert.deepEqual(ids, [...ids].sort());
    collection.addIndex(parseIndexSpec({ key: { tags: 1 } }));
    assert.equal(collection.orderedBy('tags', 1), undefined, 'a multikey index cannot give a sort order');
  });

  it('an $or narrows to the union of its branches when every branch can use an index', () => {
    const collection = filled(10_000);
    collection.addIndex(parseIndexSpec({ key: { k: 1 } }));
    collection.addIndex(parseIndexSpec({ key: { t: 1 } }));
    assert.equal(count(collection.candidates({ $or: [{ k: 1 }, { t: 's5' }] })), 11);
    assert.equal(count(collection.candidates({ $or: [{ k: 1 }, { active: true }] })), 10_000, 'a branch without an index means a scan');
  });
});
