import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * `$push` modifiers and `$addToSet` with `$each` as mongod's jstests/core/push_sort.js,
 * write/update/update_addToSet.js and update_addToSet3.js assert them, re-expressed with those files'
 * expected documents and errors (the jstests are SSPL, so no file of theirs is copied); plus issue 35's
 * `$push`/`$addToSet` onto a field that does not exist yet.
 */
describe('ported mongod cases: $push modifiers and $addToSet $each', () => {
  const fx = useDriver('mongodpush');

  it('push_sort.js: $each with $sort and $slice over documents, ascending, descending, dotted keys', async () => {
    const cases: Array<[start: Document[], push: Document, expected: Document[]]> = [
      [[{ a: 1 }, { a: 2 }], { $each: [{ a: 3 }], $slice: -5, $sort: { a: 1 } }, [{ a: 1 }, { a: 2 }, { a: 3 }]],
      [[{ a: 1 }, { a: 3 }], { $each: [{ a: 2 }], $slice: -2, $sort: { a: 1 } }, [{ a: 2 }, { a: 3 }]],
      [[{ a: 1 }, { a: 3 }], { $each: [{ a: 2 }], $slice: -5, $sort: { a: -1 } }, [{ a: 3 }, { a: 2 }, { a: 1 }]],
      [[{ a: 1 }, { a: 3 }], { $each: [{ a: 2 }], $slice: -2, $sort: { a: -1 } }, [{ a: 2 }, { a: 1 }]],
      [[{ a: 1, b: 2 }, { a: 3, b: 1 }], { $each: [{ a: 2, b: 3 }], $slice: -2, $sort: { b: 1 } }, [{ a: 1, b: 2 }, { a: 2, b: 3 }]],
      [[{ a: { b: 2 } }, { a: { b: 1 } }], { $each: [{ a: { b: 3 } }], $slice: -5, $sort: { 'a.b': 1 } }, [{ a: { b: 1 } }, { a: { b: 2 } }, { a: { b: 3 } }]],
      [[{ a: { b: 2 } }, { a: { b: 1 } }], { $each: [{ a: { b: 3 } }], $slice: -2, $sort: { 'a.b': 1 } }, [{ a: { b: 2 } }, { a: { b: 3 } }]],
    ];
    const c = await fx.fresh(cases.map(([x], i) => ({ _id: i, x })));
    for (const [i, [, push, expected]] of cases.entries()) {
      await c.updateOne({ _id: i }, { $push: { x: push } } as never);
      assert.deepEqual((await c.findOne({ _id: i }))?.x, expected, JSON.stringify(push));
    }
  });

  it('push_sort.js: an object without $each is pushed as a value, $sort field and all', async () => {
    const c = await fx.fresh([{ _id: 8, x: [{ a: 1 }, { a: 2 }] }]);
    await c.updateOne({ _id: 8 }, { $push: { x: { $sort: { a: -1 } } } } as never);
    assert.deepEqual(await c.findOne({ _id: 8 }), { _id: 8, x: [{ a: 1 }, { a: 2 }, { $sort: { a: -1 } }] });
  });

  it('push_sort.js: valid and invalid modifier clauses (BadValue 2, nothing stored)', async () => {
    const c = await fx.fresh([{ _id: 100, x: [{ a: 1 }] }]);
    const accepted: Document[] = [
      { $each: [2], $slice: -2, $sort: { a: 1 } },
      { $each: [{ a: 2 }, 1], $slice: -2, $sort: { a: 1 } },
      { $each: [{ a: 2 }], $slice: 2, $sort: { a: 1 } },
      { $each: [{ a: 2 }], $slice: -2, $sort: 1 },
    ];
    for (const push of accepted) await c.updateOne({ _id: 100 }, { $push: { x: push } } as never);
    const before = await c.findOne({ _id: 100 });
    const refused: Document[] = [
      { $each: [{ a: 2 }], $slice: -2, $sort: {} },
      { $each: [{ a: 2 }], $slice: -2.1, $sort: { a: 1 } },
      { $each: [{ a: 2 }], $slice: -2, $sort: { a: -2 } },
      { $each: [{ a: 2 }], $slice: -2, $sort: { 'a.': 1 } },
      { $each: [{ a: 2 }], $slice: -2, $sort: { '': 1 } },
      { $each: [{ a: 2 }], $slice: -2, $xxx: { s: 1 } },
      { $each: 3 },
    ];
    for (const push of refused) await assert.rejects(c.updateOne({ _id: 100 }, { $push: { x: push } } as never), hasCode(2), JSON.stringify(push));
    assert.deepEqual(await c.findOne({ _id: 100 }), before);
    const mixed = await fx.fresh([{ _id: 100, x: [1, 'foo'] }]);
    await mixed.updateOne({ _id: 100 }, { $push: { x: { $each: [{ a: 2 }], $slice: -2, $sort: { a: 1 } } } } as never);
    assert.equal(((await mixed.findOne({ _id: 100 }))?.x as unknown[]).length, 2);
  });

  it('$push with $each and $sort, $slice or $position onto a missing field', async () => {
    const c = await fx.fresh([{ _id: 1 }, { _id: 2 }]);
    await c.updateOne({ _id: 1 }, { $push: { x: { $each: [{ a: 3 }, { a: 1 }, { a: 2 }], $slice: -2, $sort: { a: 1 } } } } as never);
    await c.updateOne({ _id: 2 }, { $push: { x: { $each: [3, 1, 2], $position: 0, $sort: -1 } } } as never);
    assert.deepEqual(await c.find().sort({ _id: 1 }).toArray(), [{ _id: 1, x: [{ a: 2 }, { a: 3 }] }, { _id: 2, x: [3, 2, 1] }]);
  });

  it('update_addToSet3.js: $each onto a missing field and then an existing one, duplicates dropped', async () => {
    const c = await fx.fresh([{ _id: 1 }]);
    const steps: Array<[each: number[], expected: number[]]> = [
      [[6, 5, 4], [6, 5, 4]],
      [[3, 2, 1], [6, 5, 4, 3, 2, 1]],
      [[4, 7, 9, 2], [6, 5, 4, 3, 2, 1, 7, 9]],
      [[12, 13, 12], [6, 5, 4, 3, 2, 1, 7, 9, 12, 13]],
    ];
    for (const [each, expected] of steps) {
      await c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: each } } } as never);
      assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, a: expected });
    }
    await assert.rejects(c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: 0 } } } as never), hasCode(2));
    await assert.rejects(c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: { a: 1 } } } } as never), hasCode(2));
    await assert.rejects(c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [1], $slice: 1 } } } as never), hasCode(2));
    assert.deepEqual((await c.findOne({ _id: 1 }))?.a, [6, 5, 4, 3, 2, 1, 7, 9, 12, 13]);
  });

  it('update_addToSet.js: values, $each, upserts, and documents with dotted or $-prefixed fields as values', async () => {
    const c = await fx.fresh([{ _id: 1, a: [2, 1] }]);
    await c.updateOne({ _id: 1 }, { $addToSet: { a: 3 } } as never);
    await c.updateOne({ _id: 1 }, { $addToSet: { a: 3 } } as never);
    await c.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [3, 5, 6] } } } as never);
    assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, a: [2, 1, 3, 5, 6] });

    const upserts = fx.db.collection<{ _id: number; a?: unknown }>('addtoset_upserts');
    await upserts.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [3, 5, 6] } } } as never, { upsert: true });
    await upserts.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [3, 5, 6] } } } as never, { upsert: true });
    await upserts.updateOne({ _id: 2 }, { $addToSet: { a: 3 } } as never, { upsert: true });
    await upserts.updateOne({ _id: 3 }, { $addToSet: { a: { $each: [1, 2, 1, 2] } } } as never, { upsert: true });
    assert.deepEqual(await upserts.find().sort({ _id: 1 }).toArray(), [{ _id: 1, a: [3, 5, 6] }, { _id: 2, a: [3] }, { _id: 3, a: [1, 2] }]);

    const values = await fx.fresh([{ _id: 1, a: [1, 2] }]);
    const added: Document[] = [{ 'x.$.y': 'bad' }, { b: { 'x.$.y': 'bad' } }, { $bad: 'bad' }, { b: { $bad: 'bad' } }, { _id: { 'x.y': 2 } }, { _id: ['foo', 'bar'] }, { x: 1, $each: [9] }];
    for (const value of added) await values.updateOne({ _id: 1 }, { $addToSet: { a: value } } as never);
    await values.updateOne({ _id: 1 }, { $addToSet: { a: { $each: [{ 'y.$.z': 'bad' }, { $worse: 'bad' }] } } } as never);
    assert.deepEqual((await values.findOne({ _id: 1 }))?.a, [1, 2, ...added, { 'y.$.z': 'bad' }, { $worse: 'bad' }]);
  });
});
