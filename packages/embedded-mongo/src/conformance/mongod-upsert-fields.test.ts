import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

/**
 * The cases of mongod's jstests/core/write/update/upsert_fields.js, re-expressed with the answers
 * that file asserts (the jstests are SSPL: our own test, not a copy). Each runs as a replacement, a
 * `$set` and a `$setOnInsert` upsert, as the original does. Cases with `undefined` values are left
 * out (the driver sends undefined as null).
 */
type Style = 'replacement' | '$set' | '$setOnInsert';
const STYLES: Style[] = ['replacement', '$set', '$setOnInsert'];
const updateOf = (style: Style): Document => (style === 'replacement' ? {} : { [style]: { a: 1 } });

const ID_EXTRACTED: Document[] = [
  { _id: 1 }, { _id: { $eq: 1 } }, { _id: { $all: [1] } }, { _id: { $in: [1] } }, { $and: [{ _id: 1 }] }, { $and: [{ _id: { $eq: 1 } }] },
  { $or: [{ _id: 1 }] }, { $or: [{ _id: { $eq: 1 } }] },
];
const ID_NOT_EXTRACTED: Document[] = [
  { _id: { $gt: 1 } }, { _id: { $ne: 1 } }, { _id: { $in: [1, 2] } }, { _id: { $elemMatch: { $eq: 1 } } }, { _id: { $exists: true } },
  { _id: { $not: { $eq: 1 } } }, { $or: [{ _id: { $eq: 1 } }, { _id: 2 }] }, { $nor: [{ _id: 1 }] }, { $nor: [{ _id: { $eq: 1 } }] },
  { $nor: [{ _id: { $eq: 1 } }, { _id: 1 }] },
];
const ID_ERRORS: Document[] = [
  { _id: [1, 2] }, { _id: { $eq: [1, 2] } }, { _id: { $all: [1, 2] } }, { $and: [{ _id: 1 }, { _id: 2 }] }, { $and: [{ _id: { $eq: 1 } }, { _id: 2 }] },
  { _id: 1, '_id.x': 1 }, { _id: { x: 1 }, '_id.x': 1 },
];
const X_EXTRACTED: Array<[Document, unknown]> = [
  [{ x: 1 }, 1], [{ x: { $eq: 1 } }, 1], [{ x: { $in: [1] } }, 1], [{ x: { $all: [1] } }, 1], [{ $and: [{ x: 1 }] }, 1], [{ $and: [{ x: { $eq: 1 } }] }, 1],
  [{ $or: [{ x: 1 }] }, 1], [{ $or: [{ x: { $eq: 1 } }] }, 1], [{ x: [1, 2] }, [1, 2]], [{ x: { 'x.x': 1 } }, { 'x.x': 1 }],
  [{ 'x.x': 1 }, { x: 1 }], [{ 'x.x': { $eq: 1 } }, { x: 1 }], [{ 'x.x': { $all: [1] } }, { x: 1 }], [{ $and: [{ 'x.x': 1 }] }, { x: 1 }],
  [{ $or: [{ 'x.x': { $eq: 1 } }] }, { x: 1 }],
];
const X_NOT_EXTRACTED: Document[] = [
  { x: { $gt: 1 } }, { x: { $ne: 1 } }, { x: { $in: [1, 2] } }, { x: { $elemMatch: { $eq: 1 } } }, { x: { $exists: true } }, { x: { $not: { $eq: 1 } } },
  { $or: [{ x: { $eq: 1 } }, { x: 2 }] }, { $nor: [{ x: 1 }] }, { $nor: [{ x: { $eq: 1 } }] }, { $nor: [{ x: { $eq: 1 } }, { x: 1 }] },
];
const X_ERRORS_WITH_OPERATORS: Document[] = [
  { x: { $all: [1, 2] } }, { $and: [{ x: 1 }, { x: 2 }] }, { $and: [{ x: { $eq: 1 } }, { x: 2 }] }, { x: 1, 'x.x': 1 }, { x: {}, 'x.x': 1 },
  { x: { x: 1 }, 'x.x': 1 }, { x: { x: 1 }, 'x.y': 1 }, { x: [1, { x: 1 }], 'x.x': 1 },
];

describe('ported mongod cases: upsert_fields.js', () => {
  const fx = useDriver('upsertfields');
  let n = 0;
  async function upsert(filter: Document, style: Style): Promise<Document | null> {
    const c = fx.db.collection(`u${++n}`);
    if (style === 'replacement') await c.replaceOne(filter, updateOf(style), { upsert: true });
    else await c.updateOne(filter, updateOf(style), { upsert: true });
    return c.findOne({});
  }
  const rejects = async (filter: Document, style: Style) => {
    await assert.rejects(upsert(filter, style), (error: { code?: number }) => typeof error.code === 'number', JSON.stringify(filter));
  };

  for (const style of STYLES) {
    it(`${style}: _id taken from equalities, not from other conditions`, async () => {
      for (const filter of ID_EXTRACTED) assert.equal((await upsert(filter, style))?._id, 1, JSON.stringify(filter));
      for (const filter of ID_NOT_EXTRACTED) assert.notEqual((await upsert(filter, style))?._id, 1, JSON.stringify(filter));
    });
    it(`${style}: an _id that cannot be inferred is an error`, async () => {
      for (const filter of ID_ERRORS) await rejects(filter, style);
      if (style === 'replacement') await rejects({ '_id.x': 1, '_id.y': 2 }, style);
      else assert.deepEqual((await upsert({ '_id.x': 1, '_id.y': 2 }, style))?._id, { x: 1, y: 2 });
    });
    it(`${style}: other fields seeded by operator upserts only`, async () => {
      for (const [filter, value] of X_EXTRACTED) assert.deepEqual((await upsert(filter, style))?.x, style === 'replacement' ? undefined : value, JSON.stringify(filter));
      for (const filter of X_NOT_EXTRACTED) assert.equal((await upsert(filter, style))?.x, undefined, JSON.stringify(filter));
      for (const filter of X_ERRORS_WITH_OPERATORS) {
        if (style === 'replacement') assert.equal((await upsert(filter, style))?.x, undefined, JSON.stringify(filter));
        else await rejects(filter, style);
      }
    });
  }

  it('regular expressions: never an _id, copied only through $eq', async () => {
    await assert.rejects(fx.db.collection('re1').updateOne({}, { $set: { _id: /abc/ } }, { upsert: true }));
    await assert.rejects(fx.db.collection('re2').replaceOne({}, { _id: /abc/ }, { upsert: true }));
    assert.ok(!((await upsert({ _id: /abc/ }, 'replacement'))?._id instanceof RegExp));
    const c = fx.db.collection('re3');
    await c.updateOne({ x: { $eq: /abc/ } }, { $set: { a: 1 } }, { upsert: true });
    assert.ok((await c.findOne({}))?.x instanceof RegExp);
    assert.equal((await upsert({ x: /abc/ }, '$set'))?.x, undefined);
    assert.equal((await upsert({ _id: 1, x: [1, { x: 1 }], 'x.x': 1 }, 'replacement'))?._id, 1);
  });
});
