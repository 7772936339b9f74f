import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { ActivityEntry } from '@lattice/contracts';
import type { MessageBroker } from '@lattice/broker';
import mongoose, { Schema, type Connection } from 'mongoose';
import pino from 'pino';
import { runInOperation, runWithRequestId, setRequestUser } from '../host/request-scope.js';
import { startTestDatabase, type TestDatabase } from '../test-kit/test-database.js';
import { createActivityRecorder, type ActivityRecorder } from './activity-recorder.js';
import { recordChangesOf } from './record-model-changes.js';

interface Note {
  title: string;
  body?: string;
  count: number;
  tags: string[];
  address?: { city?: string; zip?: string };
  updatedAt?: Date;
}

let database: TestDatabase;
let db: Connection;
let recorder: ActivityRecorder;
let sent: ActivityEntry[] = [];
/** The commands the hooks and the queries sent, by name, since the last `beforeEach`. */
let commands: Array<{ name: string; command: Record<string, unknown> }> = [];

const notes = () => db.model<Note>('Note');
const hookedNotes = () => db.model<Note>('HookedNote');

/**
 * Runs `work` as a user's mutation, as a plugin host runs a resolver, and returns the entries it wrote. (A query
 * runs when awaited: inside the scope here.)
 */
async function asUser<T>(work: () => PromiseLike<T>): Promise<{ result: T; entries: ActivityEntry[] }> {
  const result = await runWithRequestId(undefined, () => {
    setRequestUser('user-1');
    return runInOperation('notesEdit', async () => await work());
  });
  await recorder.flush();
  const entries = sent;
  sent = [];
  return { result, entries };
}

const named = (name: string) => commands.filter((command) => command.name === name);

before(async () => {
  database = await startTestDatabase();
  db = await mongoose.createConnection(database.url, { dbName: `activity-hooks-${process.pid}`, monitorCommands: true }).asPromise();
  db.getClient().on('commandStarted', (event) => commands.push({ name: event.commandName, command: event.command as Record<string, unknown> }));
  const broker = {
    async sendMessage(_queue: string, data: { entries: ActivityEntry[] }) {
      sent.push(...data.entries);
    },
  } as unknown as MessageBroker;
  recorder = createActivityRecorder('notes', broker, undefined, pino({ level: 'silent' }));
  recordChangesOf(db, recorder);
  const fields = { title: String, body: String, count: Number, tags: [String], address: { city: String, zip: String } };
  db.model<Note>('Note', new Schema<Note>(fields, { timestamps: true }));
  // A plugin's own post hook must see the record after the change, as it would without the activity log.
  const hooked = new Schema<Note>(fields, { timestamps: true });
  hooked.post('findOneAndUpdate', function (result: unknown) {
    (this as unknown as { $seen: unknown }).$seen = result;
  });
  db.model<Note>('HookedNote', hooked);
});
after(async () => {
  await db?.close();
  await database?.stop();
});
beforeEach(() => {
  commands = [];
  sent = [];
});

async function addNote(model = notes()) {
  const note = await model.create({ title: 'Lease', body: 'first', count: 1, tags: ['a'], address: { city: 'Ulm', zip: '89073' } });
  commands = [];
  return note;
}

describe('recording changes of a model', () => {
  it("hands a findOneAndUpdate's caller the record after the change, as stored, without reading it before or after", async () => {
    const note = await addNote();
    const { result, entries } = await asUser(() =>
      notes()
        .findOneAndUpdate({ _id: note._id }, { $set: { title: 'Lease 2027', 'address.city': 'Bonn', body: 'second' }, $unset: { tags: 1 } }, { returnDocument: 'after' })
        .lean(),
    );
    assert.deepEqual(named('find'), [], 'no read before or after');
    assert.equal(named('findAndModify')[0]?.command.new, false, 'the database handed back the record before');
    const stored = await notes().findById(note._id).lean();
    assert.deepEqual(result, stored);
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.createdBy, 'user-1');
    assert.equal(entries[0]!.action, 'notesEdit');
    assert.deepEqual(entries[0]!.changes, {
      title: { before: 'Lease', after: 'Lease 2027' },
      body: { before: 'first', after: 'second' },
      address: { before: { city: 'Ulm', zip: '89073' }, after: { city: 'Bonn', zip: '89073' } },
      tags: { before: ['a'], after: null },
    });
  });

  it('reads the record after an update it cannot compute ($push), and hands that to the caller', async () => {
    const note = await addNote();
    const { result, entries } = await asUser(() => notes().findOneAndUpdate({ _id: note._id }, { $push: { tags: 'b' } }, { new: true }).lean());
    assert.deepEqual(result, await notes().findById(note._id).lean());
    assert.deepEqual(result?.tags, ['a', 'b']);
    assert.deepEqual(entries[0]!.changes, { tags: { before: ['a'], after: ['a', 'b'] } });
  });

  it('leaves the result alone where another post hook would see it: reads the fields the update names first', async () => {
    const note = await addNote(hookedNotes());
    const { result, entries } = await asUser(() => hookedNotes().findOneAndUpdate({ _id: note._id }, { $set: { title: 'Hooked' } }, { returnDocument: 'after' }).lean());
    assert.equal(result?.title, 'Hooked');
    assert.equal(named('findAndModify')[0]?.command.new, true);
    const reads = named('find');
    assert.equal(reads.length, 1);
    assert.deepEqual(Object.keys(reads[0]!.command.projection as object).sort(), ['title', 'updatedAt']);
    assert.deepEqual(entries[0]!.changes, { title: { before: 'Lease', after: 'Hooked' } });
  });

  it('takes the record before from a findOneAndUpdate that returns it (not lean), without reading it again', async () => {
    const note = await addNote();
    const { result, entries } = await asUser(() => notes().findOneAndUpdate({ _id: note._id }, { count: 2 }));
    assert.equal(result?.count, 1, 'the caller asked for the record before');
    assert.deepEqual(named('find'), []);
    assert.deepEqual(entries[0]!.changes, { count: { before: 1, after: 2 } });
  });

  it('reads before an updateOne only the fields it names, and computes the record after a $set', async () => {
    const note = await addNote();
    const { entries } = await asUser(() => notes().updateOne({ _id: note._id }, { $set: { body: 'changed' } }));
    const reads = named('find');
    assert.equal(reads.length, 1, 'one read, before');
    assert.deepEqual(Object.keys(reads[0]!.command.projection as object).sort(), ['body', 'updatedAt']);
    assert.deepEqual(entries[0]!.changes, { body: { before: 'first', after: 'changed' } });

    const incremented = await asUser(() => notes().updateOne({ _id: note._id }, { $inc: { count: 5 } }));
    assert.deepEqual(incremented.entries[0]!.changes, { count: { before: 1, after: 6 } });
  });

  it('records a save of a changed field and a removal', async () => {
    const note = await addNote();
    const saved = await asUser(async () => {
      note.title = 'Saved';
      await note.save();
    });
    assert.deepEqual(saved.entries[0]!.changes, { title: { before: 'Lease', after: 'Saved' } });

    const removed = await asUser(() => notes().deleteOne({ _id: note._id }));
    assert.equal(named('find').length, 2, 'the save read the changed field; the removal read the record, not again after');
    assert.equal(removed.entries[0]!.contentId, String(note._id));
    assert.deepEqual(removed.entries[0]!.changes.title, { before: 'Saved', after: null });
  });

  it('reads nothing and records nothing outside a user’s request', async () => {
    const note = await addNote();
    await notes().findOneAndUpdate({ _id: note._id }, { $set: { title: 'Quiet' } }, { returnDocument: 'after' }).lean();
    await notes().updateOne({ _id: note._id }, { $set: { body: 'quiet' } });
    await recorder.flush();
    assert.deepEqual(named('find'), []);
    assert.equal(named('findAndModify')[0]?.command.new, true);
    assert.deepEqual(sent, []);
  });
});
