import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

/**
 * `$elemMatch` as mongod's jstests/core/query/elemmatch/elemmatch_value.js and elemmatch_object.js assert
 * it, re-expressed with the documents those files expect (the jstests are SSPL, so no file of theirs is
 * copied). Operator-only conditions test each element as one value (an element that is an array is not
 * entered); field conditions match elements that are documents, or arrays read as documents.
 */
const VALUE_DOCS: Document[] = [
  { a: 5 }, { a: [5] }, { a: [3, 7] }, { a: [[5]] }, { a: [[3, 7]] }, { a: [[[5]]] }, { a: [[[3, 7]]] },
  { a: { b: 5 } }, { a: { b: [5] } }, { a: { b: [3, 7] } }, { a: [{ b: 5 }] }, { a: [{ b: 3 }, { b: 7 }] },
  { a: [{ b: [5] }] }, { a: [{ b: [3, 7] }] }, { a: [[{ b: 5 }]] }, { a: [[{ b: 3 }, { b: 7 }]] }, { a: [[{ b: [5] }]] },
  { a: [[{ b: [3, 7] }]] },
];

const OBJECT_DOCS: Document[] = [
  { a: { b: 1, c: 4 } },
  { a: [{ b: 1, c: 4 }] },
  { a: [{ b: 2, c: 3 }] },
  { a: [{ b: 1, c: 2 }, { b: 3, c: 4 }] },
  { a: [{ b: 1, c: 2 }, { b: 3, c: 4 }, { b: 1, c: 4 }] },
  { a: [{ b: [], c: [] }] },
  { a: [{ b: [12, 2], c: [13, 3] }] },
  { a: [{ b: [11, 1], c: [14, 4] }] },
  { a: [{ b: { w: 1, x: 2 }, c: { y: 3, z: 4 } }] },
  { a: [{ b: [{ w: 5, x: 6 }, { w: 1, x: 2 }], c: [{ y: 7, z: 8 }, { y: 3, z: 4 }] }] },
  { a: [{ b: [{ w: 5, x: 2 }, { w: 1, x: 6 }], c: [{ y: 7, z: 4 }, { y: 3, z: 8 }] }] },
  { a: [{ b: [{ w: 5, x: 6 }, { w: 1, x: 2 }], c: [{ y: 7, z: 4 }, { y: 3, z: 8 }] }] },
  { a: [{ b: [{ w: [11, 1], x: [12, 2] }], c: [{ y: [13, 3], z: [14, 4] }] }] },
];

const SHAPES: Document[] = [{}, { a: 1 }, { a: 'foo' }, { a: [] }, { a: {} }, { a: [1] }, { a: ['foo'] }, { a: [[]] }, { a: [{}] }, { a: [[1]] }, { a: [1, []] }, { a: [1, {}] }, { a: [{ b: 1 }] }];

/** The documents a filter finds, as the positions of `docs` (order-insensitive). */
async function positions(fx: ReturnType<typeof useDriver>, docs: Document[], filters: Document[]): Promise<number[][]> {
  const c = await fx.fresh(docs.map((doc, i) => ({ _id: i, ...doc })));
  const out: number[][] = [];
  for (const filter of filters) out.push((await c.find(filter).sort({ _id: 1 }).toArray()).map((d) => d._id));
  return out;
}

describe('ported mongod cases: $elemMatch (elemmatch_value.js, elemmatch_object.js)', () => {
  const fx = useDriver('mongodelem');

  it('elemmatch_value.js: operator-only conditions test each element whole', async () => {
    const found = await positions(fx, VALUE_DOCS, [
      { a: { $elemMatch: { $lt: 6, $gt: 4 } } },
      { 'a.b': { $elemMatch: { $lt: 6, $gt: 4 } } },
      { a: { $elemMatch: { $elemMatch: { $lt: 6, $gt: 4 } } } },
      { a: { $elemMatch: { $type: 'number' } } },
      { a: { $elemMatch: { $type: 'array' } } },
      { a: { $elemMatch: { b: { $lt: 6, $gt: 4 } } } },
      { a: { $elemMatch: { b: { $elemMatch: { $lt: 6, $gt: 4 } } } } },
      { a: { $elemMatch: { $elemMatch: { b: { $lt: 6, $gt: 4 } } } } },
    ]);
    assert.deepEqual(found, [[1], [8, 12], [3], [1, 2], [3, 4, 5, 6, 14, 15, 16, 17], [10, 12, 13], [12], [14, 16, 17]]);
  });

  it('elemmatch_object.js: field conditions on document elements, nested $elemMatch', async () => {
    const found = await positions(fx, OBJECT_DOCS, [
      { a: { $elemMatch: { b: 2 } } },
      { a: { $elemMatch: { b: 1 } } },
      { a: { $elemMatch: { b: 1, c: 4 } } },
      { a: { $elemMatch: { b: { $elemMatch: {} }, c: { $elemMatch: {} } } } },
      { a: { $elemMatch: { b: { $elemMatch: { w: 1, x: 2 } }, c: { $elemMatch: {} } } } },
      { a: { $elemMatch: { b: { $elemMatch: { w: 1, x: 2 } }, c: { $elemMatch: { y: 3, z: 4 } } } } },
    ]);
    assert.deepEqual(found, [[2, 6], [1, 3, 4, 7], [1, 4, 7], [9, 10, 11, 12], [9, 11, 12], [9, 12]]);
  });

  it('elemmatch_object.js: an empty condition matches elements that are documents or arrays', async () => {
    const found = await positions(fx, SHAPES, [{ a: { $elemMatch: {} } }, { a: { $elemMatch: { $or: [{}, {}] } } }]);
    assert.deepEqual(found, [[7, 8, 9, 10, 11, 12], [7, 8, 9, 10, 11, 12]]);
  });

  it('an element that is an array is read as a document with keys 0, 1…, not entered', async () => {
    const found = await positions(fx, [{ a: [[{ b: 1 }]] }, { a: [[5]] }, { a: [{ b: 1 }] }], [
      { a: { $elemMatch: { b: 1 } } },
      { a: { $elemMatch: { '0': 5 } } },
      { a: { $elemMatch: { $in: [[5], 7] } } },
      { a: { $elemMatch: { $size: 1 } } },
    ]);
    assert.deepEqual(found, [[2], [1], [1], [0, 1]]);
  });
});
