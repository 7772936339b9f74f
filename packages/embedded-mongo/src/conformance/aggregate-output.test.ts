import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';

/** $out and $merge write their results into a collection, as MongoDB's manual describes; $documents and $listLocalSessions start a pipeline of their own. */
describe('aggregation stages that write: $out and $merge', () => {
  const fx = useDriver('aggout');
  const sorted = async (name: string) => fx.db.collection(name).find().sort({ _id: 1 }).toArray();
  const coll = (name: string) => fx.db.collection<{ _id: unknown; [key: string]: unknown }>(name);

  it('$out replaces the target with the results, keeps its indexes, and answers an empty cursor', async () => {
    const c = await fx.fresh([{ _id: 1, x: 11 }, { _id: 2, x: 22 }, { _id: 3, x: 33 }]);
    await coll('out1').insertMany([{ _id: 9, old: true }]);
    await coll('out1').createIndex({ x: 1 }, { unique: true });
    const batch = await c.aggregate([{ $match: { _id: { $gt: 1 } } }, { $out: 'out1' }]).toArray();
    assert.deepEqual(batch, []);
    assert.deepEqual(await sorted('out1'), [{ _id: 2, x: 22 }, { _id: 3, x: 33 }]);
    assert.ok((await coll('out1').indexes()).some((index) => index.name === 'x_1'));
  });

  it('$out is all or nothing: a duplicate key in the results leaves the target as it was', async () => {
    const c = await fx.fresh([{ _id: 1, x: 1 }, { _id: 2, x: 1 }]);
    await coll('out2').insertMany([{ _id: 7 }]);
    await coll('out2').createIndex({ x: 1 }, { unique: true });
    await assert.rejects(c.aggregate([{ $out: 'out2' }]).toArray(), hasCode(11000));
    assert.deepEqual(await sorted('out2'), [{ _id: 7 }]);
  });

  it('$out over its own source collection and from $group results (new _id values kept)', async () => {
    const c = await fx.fresh([{ _id: 1, g: 'a' }, { _id: 2, g: 'b' }, { _id: 3, g: 'a' }]);
    await c.aggregate([{ $group: { _id: '$g', n: { $sum: 1 } } }, { $out: c.collectionName }]).toArray();
    assert.deepEqual(await sorted(c.collectionName), [{ _id: 'a', n: 2 }, { _id: 'b', n: 1 }]);
  });

  it('$out and $merge only as the last stage, and never inside $facet or $lookup', async () => {
    const c = await fx.fresh([{ _id: 1 }]);
    await assert.rejects(c.aggregate([{ $out: 'x' }, { $match: {} }]).toArray(), hasCode(40601));
    await assert.rejects(c.aggregate([{ $facet: { a: [{ $out: 'x' }] } }]).toArray(), hasCode(40600));
    await assert.rejects(c.aggregate([{ $lookup: { from: 'y', pipeline: [{ $merge: 'x' }], as: 'j' } }]).toArray(), hasCode(51047));
  });

  it('$merge: merge by default, inserting unmatched results', async () => {
    const c = await fx.fresh([{ _id: 1, a: 10 }, { _id: 2, a: 20 }]);
    await coll('m1').insertMany([{ _id: 1, a: 1, keep: true }]);
    await c.aggregate([{ $merge: { into: 'm1' } }]).toArray();
    assert.deepEqual(await sorted('m1'), [{ _id: 1, a: 10, keep: true }, { _id: 2, a: 20 }]);
  });

  it('$merge: replace, keepExisting, discard, and fail in both directions', async () => {
    const c = await fx.fresh([{ _id: 1, a: 10 }, { _id: 2, a: 20 }]);
    await coll('m2').insertMany([{ _id: 1, a: 1, keep: true }]);
    await c.aggregate([{ $merge: { into: 'm2', whenMatched: 'replace', whenNotMatched: 'discard' } }]).toArray();
    assert.deepEqual(await sorted('m2'), [{ _id: 1, a: 10 }]);
    await c.aggregate([{ $set: { a: 99 } }, { $merge: { into: 'm2', whenMatched: 'keepExisting' } }]).toArray();
    assert.deepEqual(await sorted('m2'), [{ _id: 1, a: 10 }, { _id: 2, a: 99 }]);
    await assert.rejects(c.aggregate([{ $merge: { into: 'm2', whenMatched: 'fail' } }]).toArray(), (error: { code?: number; keyValue?: unknown }) => error.code === 11000);
    await coll('m3').insertMany([{ _id: 1 }]);
    await assert.rejects(c.aggregate([{ $merge: { into: 'm3', whenNotMatched: 'fail' } }]).toArray(), hasCode(13113));
  });

  it('$merge on a field other than _id needs a unique index over it, and a pipeline whenMatched sees $$new', async () => {
    const c = await fx.fresh([{ _id: 1, k: 'a', n: 5 }, { _id: 2, k: 'b', n: 7 }]);
    const target = coll('m4');
    await target.insertMany([{ _id: 'x', k: 'a', n: 1 }]);
    await assert.rejects(c.aggregate([{ $project: { _id: 0 } }, { $merge: { into: 'm4', on: 'k' } }]).toArray(), hasCode(51183));
    await target.createIndex({ k: 1 }, { unique: true });
    await c
      .aggregate([{ $project: { _id: 0 } }, { $merge: { into: 'm4', on: 'k', whenMatched: [{ $set: { n: { $add: ['$n', '$$new.n'] } } }] } }])
      .toArray();
    const docs = await target.find({}, { projection: { _id: 0 } }).sort({ k: 1 }).toArray();
    assert.deepEqual(docs, [{ k: 'a', n: 6 }, { k: 'b', n: 7 }]);
  });

  it('$merge refuses to change the _id of a matched document (66)', async () => {
    const c = await fx.fresh([{ _id: 1, k: 'a' }]);
    await coll('m5').insertMany([{ _id: 2, k: 'a' }]);
    await coll('m5').createIndex({ k: 1 }, { unique: true });
    await assert.rejects(c.aggregate([{ $merge: { into: 'm5', on: 'k', whenMatched: 'replace' } }]).toArray(), hasCode(66));
  });

  it('aggregate: 1 with $documents, and with $listLocalSessions listing this client\'s session', async () => {
    const docs = await fx.db.aggregate([{ $documents: [{ a: 1 }, { a: 2 }] }, { $match: { a: 2 } }]).toArray();
    assert.deepEqual(docs, [{ a: 2 }]);
    const sessions = await fx.client.db('admin').aggregate([{ $listLocalSessions: {} }]).toArray();
    assert.ok(sessions.length >= 1 && sessions.every((session) => session._id?.id !== undefined && session.lastUse instanceof Date));
    await assert.rejects(fx.db.aggregate([{ $match: {} }]).toArray(), hasCode(73));
    await fx.db.aggregate([{ $documents: [{ _id: 1, v: 'new' }] }, { $merge: { into: 'm6' } }]).toArray();
    assert.deepEqual(await sorted('m6'), [{ _id: 1, v: 'new' }]);
  });

  it('an update pipeline holds only $set/$addFields/$project/$unset/$replaceRoot/$replaceWith (72), so $out or $merge there is refused, not run', async () => {
    const c = await fx.fresh([{ _id: 1 }]);
    await assert.rejects(c.updateOne({ _id: 1 }, [{ $out: 'u1' }] as never), hasCode(72));
    await assert.rejects(c.updateOne({ _id: 1 }, [{ $match: {} }] as never), hasCode(72));
    await c.updateOne({ _id: 1 }, [{ $set: { v: 1 } }]);
    assert.deepEqual(await c.find().toArray(), [{ _id: 1, v: 1 }]);
  });
});
