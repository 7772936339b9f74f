import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Schema } from 'mongoose';
import { useMongoose } from '../test-support/mongoose-fixture.js';

/** Issue 35's regressions as mongoose meets them: a Map of subdocuments saved, a field named `$each`. */
describe('mongoose Maps of subdocuments', () => {
  const fx = useMongoose('mgmaps');

  it('a document holding a Map of subdocuments is saved again after a change', async () => {
    const Holder = fx.conn.model('MapHolder', new Schema({ nested: { data: { type: Map, of: new Schema({ v: Number }) } } }));
    const holder = await Holder.create({ nested: { data: { k: { v: 1 }, j: { v: 2 } } } });
    holder.nested!.data!.set('k', { v: 5 } as never);
    holder.nested!.data!.delete('j');
    await holder.save();
    const stored = await Holder.findById(holder._id).lean();
    const data = stored?.nested?.data as unknown as Record<string, { v: number }>;
    assert.deepEqual(Object.keys(data).sort(), ['k']);
    assert.equal(data.k?.v, 5);
  });

  it("$unset of a Map's $* path (what mongoose sends for a Map of subdocuments) and $set of a field named $each", async () => {
    const raw = fx.conn.collection('mapraw');
    await raw.insertOne({ _id: 1 as never, nested: { data: { k: { _id: 'x', v: 1 } } } });
    await raw.updateOne({ _id: 1 as never }, { $unset: { 'nested.data.$*._id': 1 } } as never);
    await raw.updateOne({ _id: 1 as never }, { $set: { 'opts.$each': [1, 2] } } as never);
    assert.deepEqual(await raw.findOne({ _id: 1 as never }), { _id: 1, nested: { data: { k: { _id: 'x', v: 1 } } }, opts: { $each: [1, 2] } });
  });
});
