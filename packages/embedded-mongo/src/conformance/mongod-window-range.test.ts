import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/**
 * `$setWindowFields` range windows as mongod's jstests/aggregation/sources/setWindowFields/range.js asserts
 * them, re-expressed with that file's expected outputs (the jstests are SSPL, so no file of theirs is
 * copied); plus issue 35's dotted `sortBy` (every window came out 0).
 */
const XS = [0, 1, 1.5, 2, 3, 100, 100, 101];
type Bound = number | 'unbounded' | 'current';

const range = (lower: Bound, upper: Bound): Document => ({
  $setWindowFields: { partitionBy: '$partition', sortBy: { x: 1 }, output: { y: { $push: '$x', window: { range: [lower, upper] } } } },
});

/** Each document's x and its window, order-insensitive as the jstest's sameMembers. */
const shape = (docs: Document[]) => docs.map((d) => JSON.stringify([d.partition, d.x, d.y])).sort();
const rows = (windows: Array<[x: number, y: number[]]>, partition?: string) => windows.map(([x, y]) => ({ partition, x, y }));

describe('ported mongod cases: $setWindowFields range windows (range.js)', () => {
  const fx = useDriver('mongodrange');

  it('numeric bounds, unbounded and current ends, empty windows, partitions', async () => {
    const c = await fx.fresh(XS.map((x) => ({ x })));
    const run = async (...stages: Document[]) => shape(await c.aggregate([...stages, { $unset: '_id' }]).toArray());
    const all = [...XS];
    const cases: Array<[stages: Document[], expected: Array<[number, number[]]>]> = [
      [[range(-1, 0)], [[0, [0]], [1, [0, 1]], [1.5, [1, 1.5]], [2, [1, 1.5, 2]], [3, [2, 3]], [100, [100, 100]], [100, [100, 100]], [101, [100, 100, 101]]]],
      [[range('unbounded', 0)], [[0, [0]], [1, [0, 1]], [1.5, [0, 1, 1.5]], [2, [0, 1, 1.5, 2]], [3, [0, 1, 1.5, 2, 3]], [100, all.slice(0, 7)], [100, all.slice(0, 7)], [101, all]]],
      [[range(0, 'unbounded')], [[0, all], [1, all.slice(1)], [1.5, all.slice(2)], [2, all.slice(3)], [3, all.slice(4)], [100, [100, 100, 101]], [100, [100, 100, 101]], [101, [101]]]],
      [[range('unbounded', 'unbounded')], XS.map((x) => [x, all])],
      [[range('current', 'current'), { $match: { x: 100 } }], [[100, [100]], [100, [100]]]],
      [[range('current', 1), { $match: { x: 100 } }], [[100, [100, 100, 101]], [100, [100, 101]]]],
      [[range(-97, 'current'), { $match: { x: 100 } }], [[100, [3, 100]], [100, [3, 100, 100]]]],
      [[range(-1, -1)], [[0, []], [1, [0]], [1.5, []], [2, [1]], [3, [2]], [100, []], [100, []], [101, [100, 100]]]],
      [[range(1, 1)], [[0, [1]], [1, [2]], [1.5, []], [2, [3]], [3, []], [100, [101]], [100, [101]], [101, []]]],
      [[range('unbounded', -99)], [[0, []], [1, []], [1.5, []], [2, []], [3, []], [100, [0, 1]], [100, [0, 1]], [101, [0, 1, 1.5, 2]]]],
      [[range(99, 'unbounded')], [[0, [100, 100, 101]], [1, [100, 100, 101]], [1.5, [101]], [2, [101]], [3, []], [100, []], [100, []], [101, []]]],
      [[range(999, 999)], XS.map((x) => [x, []])],
    ];
    for (const [stages, expected] of cases) assert.deepEqual(await run(...stages), shape(rows(expected)), JSON.stringify(stages[0]));

    await c.updateMany({}, { $set: { partition: 'A' } });
    await c.insertMany([{ _id: 101, partition: 'B', x: 101 }, { _id: 102, partition: 'B', x: 102 }, { _id: 103, partition: 'B', x: 103 }]);
    const a = rows([[0, [0]], [1, [0, 1]], [1.5, [0, 1, 1.5]], [2, [0, 1, 1.5, 2]], [3, [0, 1, 1.5, 2, 3]], [100, [100, 100]], [100, [100, 100]], [101, [100, 100, 101]]], 'A');
    const b = rows([[101, [101]], [102, [101, 102]], [103, [101, 102, 103]]], 'B');
    assert.deepEqual(await run(range(-5, 0)), shape([...a, ...b]));
  });

  it('a sort key that is not a number answers 5429414, a date without a unit 5429413', async () => {
    const c = await fx.fresh([...XS.map((x) => ({ x })), {}, { x: null }, { x: '' }, { x: {} }]);
    for (const [lower, upper] of [[999, 999], [-999, 999], ['unbounded', 'unbounded']] as Array<[Bound, Bound]>) {
      await assert.rejects(c.aggregate([range(lower, upper)]).toArray(), (error: { code?: number; message: string }) => error.code === 5429414 && /Invalid range: Expected the sortBy field to be a number/.test(error.message));
    }
    const dates = await fx.fresh([{ x: new Date(0) }]);
    await assert.rejects(dates.aggregate([range(-1, 0)]).toArray(), hasCode(5429413));
  });

  it('ties and a window that ends before them; an input expression over an empty array', async () => {
    const c = await fx.fresh([0, 0, 0, 0, 3, 3, 3].map((x) => ({ x })));
    const out = await c.aggregate([range('unbounded', -3), { $unset: '_id' }]).toArray();
    assert.deepEqual(shape(out), shape(rows([[0, []], [0, []], [0, []], [0, []], [3, [0, 0, 0, 0]], [3, [0, 0, 0, 0]], [3, [0, 0, 0, 0]]])));
    const summed = await c
      .aggregate([{ $setWindowFields: { sortBy: { x: 1 }, output: { y: { $sum: { $filter: { input: [], as: 'num', cond: { $gte: ['$$num', 2] } } }, window: { range: [-1, 1] } } } } }])
      .toArray();
    assert.deepEqual(summed.map((d) => d.y), [0, 0, 0, 0, 0, 0, 0]);
  });

  it('a time range with a unit, per partition', async () => {
    const at = (h: number, m: number) => new Date(Date.UTC(2020, 1, 1, h, m));
    const c = await fx.fresh([
      { p: 1, time: at(0, 30), temp: 10 }, { p: 1, time: at(1, 31), temp: 11 }, { p: 1, time: at(1, 32), temp: 12 }, { p: 1, time: at(1, 33), temp: 13 },
      { p: 2, time: at(2, 31), temp: 5 }, { p: 2, time: at(2, 35), temp: 6 }, { p: 2, time: at(3, 34), temp: 2 },
    ]);
    const out = await c.aggregate([{ $setWindowFields: { partitionBy: '$p', sortBy: { time: 1 }, output: { min: { $min: '$temp', window: { range: [-1, 0], unit: 'hour' } } } } }, { $sort: { p: 1, time: 1 } }]).toArray();
    assert.deepEqual(out.map((d) => d.min), [10, 11, 11, 11, 5, 5, 2]);
  });

  it('a dotted sortBy (issue 35)', async () => {
    const c = await fx.fresh([{ _id: 1, m: { t: 1 }, v: 1 }, { _id: 2, m: { t: 2 }, v: 2 }, { _id: 3, m: { t: 5 }, v: 3 }]);
    const out = await c.aggregate([{ $setWindowFields: { sortBy: { 'm.t': 1 }, output: { s: { $sum: '$v', window: { range: [-1, 0] } } } } }, { $sort: { _id: 1 } }]).toArray();
    assert.deepEqual(out, [{ _id: 1, m: { t: 1 }, v: 1, s: 1 }, { _id: 2, m: { t: 2 }, v: 2, s: 3 }, { _id: 3, m: { t: 5 }, v: 3, s: 3 }]);
  });
});
