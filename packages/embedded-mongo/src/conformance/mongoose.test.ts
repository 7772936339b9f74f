import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Schema, Types } from 'mongoose';
import { useMongoose } from '../test-support/mongoose-fixture.js';

describe('mongoose 9 in ordinary use', () => {
  const fx = useMongoose('mongoose');

  it('models with timestamps, subdocuments, Decimal128 and hydrated documents', async () => {
    const Invoice = fx.conn.model(
      'Invoice',
      new Schema(
        {
          number: { type: String, required: true },
          amount: Schema.Types.Decimal128,
          lines: [{ text: String, qty: Number }],
          address: { city: String, zip: String },
          big: BigInt,
        },
        { timestamps: true },
      ),
    );
    const doc = await Invoice.create({ number: 'INV-1', amount: '19.99', lines: [{ text: 'pen', qty: 2 }], address: { city: 'Oslo' }, big: 2n ** 60n });
    const loaded = await Invoice.findById(doc._id);
    assert.ok(loaded);
    assert.equal(loaded.amount?.toString(), '19.99');
    assert.equal(loaded.lines[0]?.text, 'pen');
    assert.equal(loaded.big, 2n ** 60n);
    assert.equal((await Invoice.findOne({ big: 2n ** 60n }).lean())?.number, 'INV-1');
    assert.equal(await Invoice.countDocuments({ big: { $gt: 2n ** 59n, $lte: 2n ** 60n } }), 1);
    await Invoice.updateOne({ big: 2n ** 60n }, { $inc: { big: 1n } });
    assert.equal((await Invoice.findById(doc._id))?.big, 2n ** 60n + 1n);
    assert.ok(loaded.createdAt instanceof Date);
    loaded.lines.push({ text: 'ink', qty: 1 });
    loaded.address!.zip = '0150';
    await loaded.save();
    const fresh = await Invoice.findById(doc._id).lean();
    assert.deepEqual(fresh?.lines.map((l) => l.text), ['pen', 'ink']);
    assert.equal(fresh?.address?.zip, '0150');
    const updated = await Invoice.findByIdAndUpdate(doc._id, { $set: { number: 'INV-2' } }, { returnDocument: 'after' });
    assert.equal(updated?.number, 'INV-2');
    assert.ok(updated!.updatedAt > updated!.createdAt);
  });

  it('unique indexes give E11000 that mongoose reports as a duplicate key', async () => {
    const User = fx.conn.model('User', new Schema({ email: { type: String, required: true, unique: true }, name: String }));
    await User.init();
    await User.create({ email: 'a@x.test', name: 'A' });
    await assert.rejects(User.create({ email: 'a@x.test', name: 'B' }), (e: { code?: number; keyValue?: unknown; name?: string }) => {
      assert.equal(e.code, 11000);
      assert.deepEqual(e.keyValue, { email: 'a@x.test' });
      assert.equal(e.name, 'MongoServerError');
      return true;
    });
    await assert.rejects(User.insertMany([{ email: 'b@x.test' }, { email: 'a@x.test' }]), (e: { code?: number }) => e.code === 11000);
    assert.equal(await User.countDocuments(), 2);
  });

  it('syncIndexes creates schema indexes and drops the others', async () => {
    const schema = new Schema({ sku: String, group: String, rank: Number });
    schema.index({ group: 1, rank: -1 });
    schema.index({ sku: 1 }, { unique: true, sparse: true });
    const Product = fx.conn.model('Product', schema);
    await Product.init();
    await Product.collection.createIndex({ rank: 1 }, { name: 'stale_rank' });
    const dropped = await Product.syncIndexes();
    assert.deepEqual(dropped, ['stale_rank']);
    const names = (await Product.listIndexes()).map((i) => i.name).sort();
    assert.deepEqual(names, ['_id_', 'group_1_rank_-1', 'sku_1']);
    await Product.create([{ group: 'g' }, { group: 'g' }]);
    assert.equal(await Product.countDocuments({ group: 'g' }), 2);
  });

  it('populate resolves references across collections', async () => {
    const Author = fx.conn.model('Author', new Schema({ name: String }));
    const Book = fx.conn.model('Book', new Schema({ title: String, author: { type: Schema.Types.ObjectId, ref: 'Author' }, reviewers: [{ type: Schema.Types.ObjectId, ref: 'Author' }] }));
    const [ada, alan] = await Author.create([{ name: 'Ada' }, { name: 'Alan' }]);
    await Book.create({ title: 'Notes', author: ada!._id, reviewers: [alan!._id, ada!._id] });
    const book = await Book.findOne({ title: 'Notes' }).populate<{ author: { name: string }; reviewers: Array<{ name: string }> }>(['author', 'reviewers']);
    assert.equal(book?.author.name, 'Ada');
    assert.deepEqual(book?.reviewers.map((r) => r.name), ['Alan', 'Ada']);
  });

  it('countDocuments, estimatedDocumentCount, distinct, bulkWrite, insertMany, deleteMany', async () => {
    const Event = fx.conn.model('Event', new Schema({ kind: String, n: Number }));
    await Event.insertMany(Array.from({ length: 30 }, (_, i) => ({ kind: i % 3 === 0 ? 'a' : 'b', n: i })));
    assert.equal(await Event.countDocuments({ kind: 'a' }), 10);
    assert.equal(await Event.estimatedDocumentCount(), 30);
    assert.deepEqual((await Event.distinct('kind')).sort(), ['a', 'b']);
    const result = await Event.bulkWrite([
      { insertOne: { document: { kind: 'c', n: 100 } } },
      { updateMany: { filter: { kind: 'a' }, update: { $inc: { n: 1000 } } } },
      { deleteMany: { filter: { kind: 'b', n: { $lt: 10 } } } },
    ]);
    assert.deepEqual([result.insertedCount, result.modifiedCount, result.deletedCount], [1, 10, 6]);
    assert.equal(await Event.countDocuments({ n: { $gte: 1000 } }), 10);
    const top = await Event.find({ kind: { $in: ['a', 'c'] } }).sort({ n: -1 }).limit(2).select('n -_id').lean();
    assert.deepEqual(top, [{ n: 1027 }, { n: 1024 }]);
    assert.equal((await Event.deleteMany({})).deletedCount, 25);
  });

  it('sessions without transactions work as on a standalone server', async () => {
    const Note = fx.conn.model('Note', new Schema({ text: String }));
    const session = await fx.conn.startSession();
    await Note.create([{ text: 'in session' }], { session });
    assert.equal(await Note.countDocuments({}, { session }), 1);
    await session.endSession();
  });

  it('cursors stream large results in batches', async () => {
    const Row = fx.conn.model('Row', new Schema({ i: Number }));
    await Row.insertMany(Array.from({ length: 500 }, (_, i) => ({ i })));
    let total = 0;
    for await (const row of Row.find().sort({ i: 1 }).batchSize(64).cursor()) total += row.i!;
    assert.equal(total, (499 * 500) / 2);
  });

  it('ObjectId queries and $in over many ids', async () => {
    const Tag = fx.conn.model('Tag', new Schema({ label: String }));
    const tags = await Tag.create(Array.from({ length: 20 }, (_, i) => ({ label: `t${i}` })));
    const some = tags.filter((_, i) => i % 4 === 0).map((t) => t._id);
    const found = await Tag.find({ _id: { $in: some } }).sort({ label: 1 }).lean();
    assert.deepEqual(found.map((t) => t.label), ['t0', 't12', 't16', 't4', 't8']);
    assert.equal(await Tag.countDocuments({ _id: { $nin: some } }), 15);
    assert.equal((await Tag.findById(new Types.ObjectId())), null);
  });
});
