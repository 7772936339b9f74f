import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startTestDatabase, type TestDatabase } from '@lattice/platform/test-kit';
import mongoose, { type Connection, type mongo } from 'mongoose';
import { defineMessageModel, type MessageModel } from '../models/message.js';
import { createFiledMarker } from './filed-marker.js';

describe('createFiledMarker', () => {
  let database: TestDatabase;
  let db: Connection;
  let Message: MessageModel;
  const updates: unknown[] = [];

  before(async () => {
    database = await startTestDatabase();
    db = await mongoose.createConnection(database.url, { dbName: `filed-marker-${randomUUID()}`, monitorCommands: true }).asPromise();
    Message = defineMessageModel(db);
    db.getClient().on('commandStarted', (event) => {
      if (event.commandName === 'update') updates.push(event.command);
    });
  });
  after(async () => {
    await db.close();
    await database.stop();
  });

  async function storeUnfiled(count: number): Promise<mongo.ObjectId[]> {
    const stored = await Message.collection.insertMany(
      Array.from({ length: count }, () => ({
        inboxIntegrationId: 'integration',
        inboxConversationId: 'picked',
        messageId: `<${randomUUID()}@test>`,
        createdAt: new Date(),
        unfiledSince: new Date(),
      })),
    );
    return Object.values(stored.insertedIds);
  }

  it('marks the messages of one turn in one write, each caller told it marked its own', async () => {
    const ids = await storeUnfiled(3);
    const markFiled = createFiledMarker(Message);
    updates.length = 0;
    const marked = await Promise.all(ids.map((messageId) => markFiled({ messageId, inboxConversationId: 'filed' })));
    assert.deepEqual(marked, [true, true, true]);
    assert.equal(updates.length, 1);
    const stored = await Message.collection.find({ _id: { $in: ids } }).toArray();
    assert.ok(stored.every((message) => message.inboxConversationId === 'filed' && message.unfiledSince === undefined));
  });

  it('tells a caller whose message another delivery marked first, also within one batch', async () => {
    const [filedBefore, fresh] = await storeUnfiled(2);
    const markFiled = createFiledMarker(Message);
    assert.equal(await markFiled({ messageId: filedBefore!, inboxConversationId: 'first' }), true);
    const marked = await Promise.all([
      markFiled({ messageId: filedBefore!, inboxConversationId: 'second' }),
      markFiled({ messageId: fresh!, inboxConversationId: 'second' }),
      markFiled({ messageId: fresh!, inboxConversationId: 'second' }),
    ]);
    assert.deepEqual(marked, [false, true, false]);
    const kept = await Message.collection.findOne({ _id: filedBefore! });
    assert.equal(kept?.inboxConversationId, 'first');
  });
});
