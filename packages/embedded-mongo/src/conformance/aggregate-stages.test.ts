import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ObjectId } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';

/** Issue 17: aggregation stages and operators, and command-level `let`, as MongoDB documents them. */
describe('aggregation as MongoDB answers it', () => {
  const fx = useDriver('aggstages');

  it('$setWindowFields: a running total and a rank per partition', async () => {
    const c = await fx.fresh([
      { _id: 1, g: 'a', n: 3 }, { _id: 2, g: 'a', n: 1 }, { _id: 3, g: 'b', n: 5 }, { _id: 4, g: 'a', n: 2 },
    ]);
    const out = await c
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$g',
            sortBy: { n: 1 },
            output: { total: { $sum: '$n', window: { documents: ['unbounded', 'current'] } }, rank: { $rank: {} } },
          },
        },
        { $sort: { _id: 1 } },
        { $project: { total: 1, rank: 1 } },
      ])
      .toArray();
    assert.deepEqual(out, [
      { _id: 1, total: 6, rank: 3 }, { _id: 2, total: 1, rank: 1 }, { _id: 3, total: 5, rank: 1 }, { _id: 4, total: 3, rank: 2 },
    ]);
  });

  it('$bucket puts a boundary value in the bucket it opens', async () => {
    const c = await fx.fresh([{ v: 0 }, { v: 9 }, { v: 10 }, { v: 19 }, { v: 20 }, { v: 'x' }]);
    const out = await c.aggregate([{ $bucket: { groupBy: '$v', boundaries: [0, 10, 20], default: 'other' } }]).toArray();
    assert.deepEqual(out, [{ _id: 0, count: 2 }, { _id: 10, count: 2 }, { _id: 'other', count: 2 }]);
  });

  it('$lookup with localField/foreignField and a pipeline joins on both', async () => {
    const orders = await fx.fresh([{ _id: 1, item: 'pen' }, { _id: 2, item: 'ink' }]);
    const stock = await fx.fresh([{ sku: 'pen', qty: 5 }, { sku: 'pen', qty: 0 }, { sku: 'ink', qty: 2 }, { sku: 'cap', qty: 9 }]);
    const out = await orders
      .aggregate([
        { $lookup: { from: stock.collectionName, localField: 'item', foreignField: 'sku', pipeline: [{ $match: { qty: { $gt: 0 } } }, { $project: { _id: 0, qty: 1 } }], as: 'stock' } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    assert.deepEqual(out, [{ _id: 1, item: 'pen', stock: [{ qty: 5 }] }, { _id: 2, item: 'ink', stock: [{ qty: 2 }] }]);
  });

  it('$top and $bottom answer the value itself; $toObjectId, $indexOfCP and $week', async () => {
    const c = await fx.fresh([{ name: 'a', n: 1 }, { name: 'b', n: 3 }, { name: 'c', n: 2 }]);
    const [group] = await c
      .aggregate([{ $group: { _id: null, top: { $top: { sortBy: { n: -1 }, output: '$name' } }, bottom: { $bottom: { sortBy: { n: -1 }, output: ['$name', '$n'] } } } }])
      .toArray();
    assert.deepEqual(group, { _id: null, top: 'b', bottom: ['a', 1] });
    const [values] = await c
      .aggregate([
        { $limit: 1 },
        {
          $project: {
            _id: 0,
            oid: { $toObjectId: '5ab9cbfa31c2ab715d42129e' },
            cp: { $indexOfCP: ['café au lait', 'au'] },
            // 2024-01-01 is a Monday: week 0 (weeks start on Sunday); 2023-01-01 is a Sunday: week 1.
            w0: { $week: new Date('2024-01-01T12:00:00Z') },
            w1: { $week: new Date('2024-01-07T12:00:00Z') },
            w2: { $week: new Date('2023-01-01T12:00:00Z') },
            w3: { $week: new Date('2024-12-31T12:00:00Z') },
          },
        },
      ])
      .toArray();
    assert.deepEqual(values, { oid: new ObjectId('5ab9cbfa31c2ab715d42129e'), cp: 5, w0: 0, w1: 1, w2: 1, w3: 52 });
  });

  it('$regexMatch, $regexFind and $regexFindAll: anchors hold across matches, idx counts code points', async () => {
    const c = await fx.fresh([{ _id: 1, s: 'aaa', t: 'déjà X vu X' }]);
    const [out] = await c
      .aggregate([
        {
          $project: {
            _id: 0,
            anchored: { $size: { $regexFindAll: { input: '$s', regex: '^a' } } },
            all: { $map: { input: { $regexFindAll: { input: '$t', regex: 'X' } }, in: '$$this.idx' } },
            first: { $regexFind: { input: '$t', regex: '(v)(z)?u' } },
            ci: { $regexMatch: { input: '$t', regex: 'DÉJÀ', options: 'i' } },
            none: { $regexFind: { input: '$missing', regex: 'a' } },
          },
        },
      ])
      .toArray();
    assert.deepEqual(out, { anchored: 1, all: [5, 10], first: { match: 'vu', idx: 7, captures: ['v', null] }, ci: true, none: null });
  });

  it('command-level let variables reach find, aggregate, update and delete', async () => {
    const c = await fx.fresh([{ _id: 1, a: 1 }, { _id: 2, a: 2 }, { _id: 3, a: 3 }]);
    const found = await c.find({ $expr: { $eq: ['$a', '$$target'] } }, { let: { target: 2 } }).toArray();
    assert.deepEqual(found, [{ _id: 2, a: 2 }]);
    const agg = await c.aggregate([{ $match: { $expr: { $gte: ['$a', '$$min'] } } }, { $project: { doubled: { $multiply: ['$a', '$$factor'] } } }], { let: { min: 2, factor: 10 } }).toArray();
    assert.deepEqual(agg, [{ _id: 2, doubled: 20 }, { _id: 3, doubled: 30 }]);
    await c.updateOne({ $expr: { $eq: ['$a', '$$which'] } }, [{ $set: { b: '$$value' } }], { let: { which: 1, value: 'set' } });
    assert.deepEqual(await c.findOne({ _id: 1 }), { _id: 1, a: 1, b: 'set' });
    const deleted = await c.deleteMany({ $expr: { $lt: ['$a', '$$limit'] } }, { let: { limit: 3 } });
    assert.equal(deleted.deletedCount, 2);
  });

  it('$project and a find projection give the fields in mongod\'s order: included ones as the document has them, computed ones as the projection names them', async () => {
    const c = await fx.fresh([{ _id: 1, a: 1, n: 2, s: { y: 1, x: 2 } }]);
    // deepEqual does not compare field order; the JSON text does.
    const asText = (docs: readonly object[]) => JSON.stringify(docs);
    const projections = [
      [{ z: '$n', w: '$a' }, [{ _id: 1, z: 2, w: 1 }]],
      [{ 's.x': 1, 's.y': 1, c: '$a' }, [{ _id: 1, s: { y: 1, x: 2 }, c: 1 }]],
      [{ n: 1, a: 1, c: { $add: ['$a', 1] } }, [{ _id: 1, a: 1, n: 2, c: 2 }]],
      [{ s: { z: '$a', y: 1 } }, [{ _id: 1, s: { y: 1, z: 1 } }]],
    ] as const;
    for (const [projection, expected] of projections) {
      assert.equal(asText(await c.aggregate([{ $project: projection }]).toArray()), asText(expected), JSON.stringify(projection));
      assert.equal(asText(await c.find({}, { projection }).toArray()), asText(expected), `find ${JSON.stringify(projection)}`);
    }
  });
});
