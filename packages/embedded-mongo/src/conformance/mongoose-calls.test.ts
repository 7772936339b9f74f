import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Schema } from 'mongoose';
import { useMongoose } from '../test-support/mongoose-fixture.js';

/** Issue 17: the ordinary mongoose calls whose commands used to get wrong answers or errors. */
describe('mongoose calls from issue 17', () => {
  const fx = useMongoose('mgcalls');

  it('subdocArray.pull() on subdocuments without _id removes them', async () => {
    const List = fx.conn.model('PullList', new Schema({ items: [new Schema({ a: Number, b: String }, { _id: false })] }));
    const list = await List.create({ items: [{ a: 1, b: 'x' }, { a: 2, b: 'y' }, { a: 3, b: 'z' }] });
    list.items.pull({ a: 1, b: 'x' }, { a: 2, b: 'y' });
    await list.save();
    const stored = await List.findById(list._id).lean();
    assert.deepEqual(stored?.items, [{ a: 3, b: 'z' }]);
  });

  it('a positional update of a subdocument schema with timestamps', async () => {
    const Parent = fx.conn.model('Parent', new Schema({ children: [new Schema({ name: String, age: Number }, { timestamps: true })] }));
    const parent = await Parent.create({ children: [{ name: 'a', age: 1 }, { name: 'b', age: 2 }] });
    const before = parent.children[1]?.updatedAt as Date;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Parent.updateOne({ _id: parent._id, 'children.name': 'b' }, { $set: { 'children.$.age': 3 } });
    const stored = await Parent.findById(parent._id).lean();
    assert.equal(stored?.children[1]?.age, 3);
    assert.ok((stored?.children[1]?.updatedAt as Date).getTime() > before.getTime());
    assert.equal(stored?.children[0]?.age, 1);
  });

  it('findOneAndUpdate(filter, doc) with the document\'s own _id', async () => {
    const Note = fx.conn.model('WholeNote', new Schema({ title: String, body: String }));
    const note = await Note.create({ title: 't', body: 'b' });
    const whole = { ...note.toObject(), body: 'changed' };
    const updated = await Note.findOneAndUpdate({ _id: note._id }, whole, { new: true }).lean();
    assert.equal(updated?.body, 'changed');
    assert.equal(String(updated?._id), String(note._id));
  });

  it('a select: false field with .slice()', async () => {
    const Feed = fx.conn.model('Feed', new Schema({ name: String, secret: { type: String, select: false }, posts: [Number] }));
    const feed = await Feed.create({ name: 'f', secret: 's', posts: [1, 2, 3, 4] });
    const loaded = await Feed.findById(feed._id).slice('posts', 2).lean();
    assert.deepEqual(loaded?.posts, [1, 2]);
    assert.equal(loaded?.name, 'f');
    assert.equal((loaded as { secret?: string } | null)?.secret, undefined);
  });

  it('a case-insensitive collation find and sort', async () => {
    const Person = fx.conn.model('Person', new Schema({ name: String }));
    await Person.create([{ name: 'bob' }, { name: 'Alice' }, { name: 'alice' }, { name: 'Bob' }]);
    const collation = { locale: 'en', strength: 2 };
    assert.equal((await Person.find({ name: 'ALICE' }).collation(collation)).length, 2);
    const names = (await Person.find().collation(collation).sort({ name: 1 }).lean()).map((p) => (p.name ?? '').toLowerCase());
    assert.deepEqual(names, ['alice', 'alice', 'bob', 'bob']);
  });
});
