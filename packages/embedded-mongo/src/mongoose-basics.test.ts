import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import mongoose, { type Connection } from 'mongoose';
import { startTestTarget, uniqueDbName, type TestTarget } from './test-support/test-server.js';

describe('mongoose basics', () => {
  let target: TestTarget;
  let conn: Connection;

  before(async () => {
    target = await startTestTarget();
    conn = await mongoose.createConnection(target.uri, { dbName: uniqueDbName('basics') }).asPromise();
  });
  after(async () => {
    await conn.dropDatabase();
    await conn.close();
    await target.stop();
  });

  it('creates, reads, updates and deletes documents', async () => {
    const Item = conn.model('Item', new mongoose.Schema({ name: String, qty: Number }, { timestamps: true }));
    const created = await Item.create({ name: 'bolt', qty: 3 });
    const found = await Item.findById(created._id).lean();
    assert.equal(found?.name, 'bolt');
    await Item.updateOne({ _id: created._id }, { $inc: { qty: 2 } });
    assert.equal((await Item.findById(created._id).lean())?.qty, 5);
    const removed = await Item.deleteOne({ _id: created._id });
    assert.equal(removed.deletedCount, 1);
    assert.equal(await Item.countDocuments(), 0);
  });

  it('raises mongoose duplicate-key errors for a unique index', async () => {
    const Account = conn.model('Account', new mongoose.Schema({ email: { type: String, unique: true } }));
    await Account.init();
    await Account.create({ email: 'a@example.com' });
    await assert.rejects(Account.create({ email: 'a@example.com' }), (error: { code?: number; message: string }) => {
      assert.equal(error.code, 11000);
      assert.match(error.message, /E11000 duplicate key error/);
      return true;
    });
  });
});
