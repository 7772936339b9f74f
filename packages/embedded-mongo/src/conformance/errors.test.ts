import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useDriver } from '../test-support/driver-fixture.js';

describe('errors in MongoDB shape', () => {
  const fx = useDriver('errors');

  it('an unknown command answers ok 0 with code 59 naming it', async () => {
    await assert.rejects(fx.db.command({ frobnicate: 1 }), (e: { code?: number; codeName?: string; message: string }) => {
      assert.equal(e.code, 59);
      assert.equal(e.codeName, 'CommandNotFound');
      assert.match(e.message, /frobnicate/);
      return true;
    });
  });

  it('an unknown query operator answers code 2 naming it', async () => {
    await fx.db.collection('e').insertOne({ a: 1 });
    await assert.rejects(fx.db.collection('e').find({ a: { $frob: 1 } }).toArray(), (e: { code?: number; message: string }) => {
      assert.equal(e.code, 2);
      assert.match(e.message, /\$frob/);
      return true;
    });
  });

  it('a getMore on an unknown cursor answers CursorNotFound', async () => {
    await assert.rejects(fx.db.command({ getMore: 123456789n, collection: 'e' }), (e: { code?: number }) => e.code === 43);
  });

  it('creating an existing collection answers NamespaceExists', async () => {
    await fx.db.createCollection('made');
    await assert.rejects(fx.db.createCollection('made'), (e: { code?: number }) => e.code === 48);
  });

  it('an array _id is refused', async () => {
    await assert.rejects(fx.db.collection('ids').insertOne({ _id: [1, 2] as never }), (e: { code?: number }) => e.code === 53);
  });

  it('a unique index cannot be built over duplicates', async () => {
    const c = fx.db.collection('dupes');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    await assert.rejects(c.createIndex({ k: 1 }, { unique: true }), (e: { code?: number }) => e.code === 11000);
    assert.deepEqual((await c.listIndexes().toArray()).map((i) => i.name), ['_id_']);
  });

  it('features outside the supported set answer an error naming them (NotImplemented here)', async (t) => {
    if (fx.target.real) {
      t.diagnostic('skipped against a real MongoDB: these features exist there');
      return;
    }
    await assert.rejects(fx.db.collection('e').find({ $text: { $search: 'x' } }).toArray(), (e: { code?: number; message: string }) => {
      assert.equal(e.code, 238);
      assert.match(e.message, /\$text operator is not implemented/);
      return true;
    });
    await assert.rejects(fx.db.createCollection('capped', { capped: true, size: 1000 }), (e: { code?: number; message: string }) => e.code === 238 && /Capped/.test(e.message));
    await assert.rejects(fx.db.collection('e').aggregate([{ $collStats: {} }]).toArray(), (e: { code?: number; message: string }) => e.code === 238 && /\$collStats/.test(e.message));
  });
});
