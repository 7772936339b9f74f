import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { definePlugin, type PluginRequestContext } from '@lattice/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import { startTestPlatform, type TestPlatform } from '../test-kit/start-test-platform.js';

interface Note {
  title: string;
  order?: number;
}
const noteSchema = new Schema<Note>({ title: String, order: Number });
// Per connection, as every Lattice model: the one of the plugin's own database.
const notes = (db: Connection): Model<Note> => (db.models.Note as Model<Note> | undefined) ?? db.model<Note>('Note', noteSchema);

// As erxes code writes them: resolvers return the mongoose query itself, never awaited.
const portedPlugin = definePlugin<PluginRequestContext>({
  name: 'ported',
  operations: { Query: { notes: 'authenticated', note: 'authenticated', noteCount: 'authenticated' }, Mutation: { notesAdd: 'authenticated' } },
  graphql: () => ({
    typeDefs: `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
      type Note { _id: String!, title: String, same: Note, once: String }
      type Query { notes: [Note], note(title: String!): Note, noteCount: Int }
      type Mutation { notesAdd(title: String!): Note }
    `,
    resolvers: {
      Query: {
        notes: (_: unknown, __: unknown, { db }: PluginRequestContext) => notes(db).find({}).sort({ order: 1 }),
        note: (_: unknown, { title }: { title: string }, { db }: PluginRequestContext) => notes(db).findOne({ title }),
        noteCount: (_: unknown, __: unknown, { db }: PluginRequestContext) => notes(db).countDocuments({}),
      },
      Note: {
        same: ({ title }: { title: string }, _: unknown, { db }: PluginRequestContext) => notes(db).findOne({ title }),
        // A thenable that, like a mongoose query, must not be asked twice, and whose `then` returns nothing.
        once: () => {
          let calls = 0;
          return {
            then(resolve: (value: string) => void, reject: (error: Error) => void) {
              calls++;
              if (calls > 1) reject(new Error('then was called twice'));
              else resolve('once');
            },
          };
        },
      },
      Mutation: {
        notesAdd: (_: unknown, { title }: { title: string }, { db }: PluginRequestContext) => notes(db).findOneAndUpdate({ title }, { title }, { upsert: true, returnDocument: 'after' }),
      },
    },
  }),
});

describe('a resolver that returns an un-awaited mongoose query', () => {
  let platform: TestPlatform;

  before(async () => {
    platform = await startTestPlatform({ plugins: [portedPlugin] });
  });
  after(async () => {
    await platform.stop();
  });

  const ask = (query: string) => platform.graphql(query);

  it('answers a list, a single record, a count, a nested field and a mutation, each query run once', async () => {
    const added = await ask('mutation { a: notesAdd(title: "first") { title } b: notesAdd(title: "second") { title } }');
    assert.deepEqual([added.errors, added.data], [undefined, { a: { title: 'first' }, b: { title: 'second' } }]);
    const answer = await ask('{ notes { title same { title once } } note(title: "second") { title } noteCount }');
    assert.deepEqual([answer.errors, answer.data], [undefined, { notes: [{ title: 'first', same: { title: 'first', once: 'once' } }, { title: 'second', same: { title: 'second', once: 'once' } }], note: { title: 'second' }, noteCount: 2 }]);
  });
});
