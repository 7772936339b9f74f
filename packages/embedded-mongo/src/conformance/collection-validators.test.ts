import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Document, Double } from 'mongodb';
import { Schema } from 'mongoose';
import { hasCode, useDriver } from '../test-support/driver-fixture.js';
import { useMongoose } from '../test-support/mongoose-fixture.js';

type WriteFailure = { code?: number; errInfo?: Document; writeErrors?: { code?: number }[]; message: string };

/** MongoDB's answer to a document its collection's validator refuses: DocumentValidationFailure (121). */
const failedValidation = (error: WriteFailure): boolean => {
  assert.equal(error.code ?? error.writeErrors?.[0]?.code, 121);
  assert.match(error.message, /Document failed validation/);
  return true;
};

const userSchema = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'age'],
    properties: {
      name: { bsonType: 'string', minLength: 1 },
      age: { bsonType: 'int', minimum: 0 },
      tags: { bsonType: 'array', items: { enum: ['a', 'b'] }, uniqueItems: true },
    },
  },
};

describe('collection validators', () => {
  const fx = useDriver('validators');

  it('a $jsonSchema validator refuses inserts, updates, replacements and upserts that break it', async () => {
    const c = await fx.db.createCollection('users', { validator: userSchema });
    await c.insertOne({ _id: 1 as never, name: 'ann', age: 3, tags: ['a'] });
    await assert.rejects(c.insertOne({ _id: 2 as never, name: 'bob' }), failedValidation);
    await assert.rejects(c.insertOne({ _id: 3 as never, name: 'bob', age: -1 }), failedValidation);
    await assert.rejects(c.insertOne({ _id: 4 as never, name: 'bob', age: 1, tags: ['a', 'a'] }), failedValidation);
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $set: { age: 'old' } }), failedValidation);
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $unset: { name: '' } }), failedValidation);
    await assert.rejects(c.replaceOne({ _id: 1 as never }, { name: 'ann' }), failedValidation);
    await assert.rejects(c.updateOne({ _id: 5 as never }, { $set: { name: 'x' } }, { upsert: true }), failedValidation);
    await assert.rejects(c.findOneAndUpdate({ _id: 1 as never }, { $push: { tags: 'c' } } as Document), failedValidation);
    assert.deepEqual(await c.find({}).toArray(), [{ _id: 1, name: 'ann', age: 3, tags: ['a'] }], 'nothing was written');
    await c.updateOne({ _id: 1 as never }, { $set: { age: 4 } });
    assert.equal((await c.findOne({ _id: 1 as never }))?.age, 4);
  });

  it('an unordered insertMany writes the valid documents and reports the others', async () => {
    const c = await fx.db.createCollection('many', { validator: { qty: { $gte: 0 } } });
    const error = await c.insertMany([{ qty: 1 }, { qty: -1 }, { qty: 2 }], { ordered: false }).catch((e: WriteFailure) => e);
    assert.deepEqual((error as WriteFailure).writeErrors?.map((e) => e.code), [121]);
    assert.equal(await c.countDocuments({}), 2);
  });

  it('a query-operator validator, $expr included', async () => {
    const c = await fx.db.createCollection('ranges', { validator: { $and: [{ status: { $in: ['open', 'closed'] } }, { $expr: { $lte: ['$low', '$high'] } }] } });
    await c.insertOne({ status: 'open', low: 1, high: 2 });
    await assert.rejects(c.insertOne({ status: 'gone', low: 1, high: 2 }), failedValidation);
    await assert.rejects(c.insertOne({ status: 'open', low: 3, high: 2 }), failedValidation);
  });

  it('validationLevel moderate lets an update through when the stored document already broke the validator', async () => {
    await fx.db.collection('moderate').insertMany([{ _id: 1 as never, n: -5 }, { _id: 2 as never, n: 5 }]);
    await fx.db.command({ collMod: 'moderate', validator: { n: { $gte: 0 } }, validationLevel: 'moderate' });
    const c = fx.db.collection('moderate');
    await c.updateOne({ _id: 1 as never }, { $set: { n: -6 } });
    await assert.rejects(c.updateOne({ _id: 2 as never }, { $set: { n: -1 } }), failedValidation);
    await assert.rejects(c.insertOne({ n: -1 }), failedValidation);
    await fx.db.command({ collMod: 'moderate', validationLevel: 'strict' });
    await assert.rejects(c.updateOne({ _id: 1 as never }, { $set: { n: -7 } }), failedValidation);
    await fx.db.command({ collMod: 'moderate', validationLevel: 'off' });
    await c.updateOne({ _id: 1 as never }, { $set: { n: -7 } });
    assert.equal((await c.findOne({ _id: 1 as never }))?.n, -7);
  });

  it('validationAction warn and bypassDocumentValidation let the write through', async () => {
    const warned = await fx.db.createCollection('warned', { validator: { n: { $type: 'int' } }, validationAction: 'warn' });
    await warned.insertOne({ n: 'x' });
    assert.equal(await warned.countDocuments({}), 1);
    const strict = await fx.db.createCollection('bypassed', { validator: { n: { $type: 'int' } } });
    await strict.insertOne({ n: 'x' }, { bypassDocumentValidation: true });
    await strict.updateOne({}, { $set: { n: 'y' } }, { bypassDocumentValidation: true });
    assert.equal((await strict.findOne({}))?.n, 'y');
  });

  it('collMod replaces the validator, and listCollections shows it', async () => {
    const c = await fx.db.createCollection('modded', { validator: { a: { $exists: true } } });
    await fx.db.command({ collMod: 'modded', validator: { b: { $exists: true } } });
    await c.insertOne({ b: 1 });
    await assert.rejects(c.insertOne({ a: 1 }), failedValidation);
    const [info] = await fx.db.listCollections({ name: 'modded' }).toArray();
    assert.deepEqual((info as { options?: Document }).options?.validator, { b: { $exists: true } });
    await assert.rejects(fx.db.command({ collMod: 'absent_collection', validator: {} }), hasCode(26));
  });

  it('a validator that cannot be enforced is refused when it is given, never ignored', async () => {
    await assert.rejects(fx.db.createCollection('bad1', { validator: { a: { $frob: 1 } } }), hasCode(2));
    await assert.rejects(fx.db.createCollection('bad2', { validator: { $jsonSchema: { bsonType: 'object', properties: { a: { format: 'email' } } } } }), hasCode(9));
    await assert.rejects(fx.db.createCollection('bad3', { validator: { $jsonSchema: { frob: 1 } } }), hasCode(9));
    await assert.rejects(fx.db.createCollection('bad4', { validator: { a: 1 }, validationLevel: 'sometimes' as never }), hasCode(2));
    await assert.rejects(fx.db.createCollection('bad5', { validator: { a: 1 }, validationAction: 'shout' as never }), hasCode(2));
    const names = (await fx.db.listCollections().toArray()).map((entry) => entry.name);
    assert.ok(!names.some((name) => name.startsWith('bad')), 'no collection was created');
  });

  it('$jsonSchema bsonType tells a double from an int, as stored', async () => {
    const c = await fx.db.createCollection('prices', { validator: { $jsonSchema: { properties: { price: { bsonType: 'double' } } } } });
    await c.insertOne({ price: new Double(5) });
    await c.insertOne({ price: 5.5 });
    await assert.rejects(c.insertOne({ price: 5 }), failedValidation);
    assert.equal(await c.countDocuments({ $jsonSchema: { properties: { price: { bsonType: 'int' } } } }), 0);
  });

  it('$jsonSchema also works as a query operator', async () => {
    const c = await fx.fresh([{ _id: 1, name: 'ann', age: 3 }, { _id: 2, name: 'bob' }, { _id: 3, name: '', age: 1 }]);
    const ids = (await c.find(userSchema).toArray()).map((d) => d._id);
    assert.deepEqual(ids, [1]);
    assert.deepEqual((await c.find({ $nor: [userSchema] }, { sort: { _id: 1 } }).toArray()).map((d) => d._id), [2, 3]);
  });
});

describe('collection validators through mongoose', () => {
  const fx = useMongoose('validatorsmg');

  it('a schema with collectionOptions.validator refuses a document that breaks it with code 121', async () => {
    const Item = fx.conn.model(
      'ValidatedItem',
      new Schema({ sku: String, qty: Number }, { collectionOptions: { validator: { $jsonSchema: { bsonType: 'object', required: ['sku'] } } } }),
    );
    await Item.createCollection();
    await Item.create({ sku: 'a', qty: 1 });
    await assert.rejects(Item.create({ qty: 2 }), failedValidation);
    await assert.rejects(Item.updateOne({ sku: 'a' }, { $unset: { sku: 1 } }), failedValidation);
    assert.equal(await Item.countDocuments({}), 1);
  });
});
