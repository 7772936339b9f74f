import { definePlugin, NotFoundError, requireUser, type PluginResolvers } from '@lattice/plugin-sdk';

const typeDefs = /* GraphQL */ `
  type Note @key(fields: "_id") {
    _id: ID!
    text: String!
  }
  extend type Query {
    note(_id: ID!): Note
  }
`;

const notes = new Map([['1', { _id: '1', text: 'Hello from outside the repository' }]]);

const resolvers: PluginResolvers = {
  Query: {
    note: (_parent: unknown, { _id }: { _id: string }, context) => {
      requireUser(context);
      const note = notes.get(_id);
      if (!note) throw new NotFoundError('Note not found');
      return note;
    },
  },
};

export const notesPlugin = definePlugin({
  name: 'notes',
  graphql: () => ({ typeDefs, resolvers }),
  permissions: { notes: { description: 'Notes', actions: { showNotes: { description: 'See notes', roles: ['owner', 'admin', 'member'] } } } },
  operations: { Query: { note: 'showNotes' } },
});
export default notesPlugin;
