import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEmbeddedMongo, type EmbeddedMongo } from '@lattice/embedded-mongo';
import mongoose, { Schema, type Connection } from 'mongoose';
import { createInsertBatcher } from './insert-batcher.js';
import { isDuplicateKeyError } from './models-per-connection.js';

interface Note {
  key: string;
  text?: string;
  at: Date;
}

describe('createInsertBatcher', () => {
  let mongo: EmbeddedMongo;
  let db: Connection;

  before(async () => {
    mongo = await startEmbeddedMongo({ log: () => {} });
    db = await mongoose.createConnection(mongo.uri, { dbName: 'insert-batcher', monitorCommands: true }).asPromise();
  });
  after(async () => {
    await db.close();
    await mongo.stop();
  });

  it('inserts concurrent records in one round trip and gives each caller its own outcome', async () => {
    const schema = new Schema<Note>({ key: { type: String, required: true }, text: String, at: Date }, { versionKey: false });
    schema.index({ key: 1 }, { unique: true });
    const Note = db.model<Note>('Note', schema);
    await Note.init();
    await Note.create({ key: 'taken', at: new Date() });

    const inserts: unknown[] = [];
    db.getClient().on('commandStarted', (event) => {
      if (event.commandName === 'insert') inserts.push(event.command);
    });

    const insert = createInsertBatcher(Note);
    const at = new Date('2026-01-02T03:04:05Z');
    const outcomes = await Promise.allSettled([
      insert({ key: 'a', text: 'first', at }),
      insert({ key: 'taken', at }),
      insert({ key: 'b', text: undefined, at }),
    ]);

    assert.equal(outcomes[0]?.status, 'fulfilled');
    assert.equal(outcomes[2]?.status, 'fulfilled');
    assert.equal(outcomes[1]?.status, 'rejected');
    assert.ok(isDuplicateKeyError((outcomes[1] as PromiseRejectedResult).reason), 'a duplicate rejects as E11000');
    const first = (outcomes[0] as PromiseFulfilledResult<Note & { _id: unknown }>).value;
    const stored = await Note.findById(first._id).lean();
    assert.deepEqual({ key: stored?.key, text: stored?.text, at: stored?.at }, { key: 'a', text: 'first', at });
    const second = await Note.findOne({ key: 'b' }).lean();
    assert.ok(second && !('text' in second), 'an undefined field is left out, not stored as null');
    assert.equal(inserts.length, 1, 'one insert command for the three records');
  });
});
