import { GraphQLError } from 'graphql';
import { startTestPluginHost, type HostContext, type TestPluginHost } from './test-plugin-host.js';

// A plugin whose resolvers can be held back, so that requests overlap at the gateway for as long as a test needs.
export const HELD_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  type Query {
    report(id: ID!): Report
  }
  type Mutation {
    bump: Int
  }
  type Report {
    id: ID!
    "The call of the resolver that made this answer (1 for the first since the host started)."
    call: Int!
    "The cookie the request came with."
    viewer: String!
    "The version of the data the resolver read as it started (change() moves it on)."
    version: Int!
  }
  type Document @key(fields: "id") {
    id: ID!
    note: String
    "The version of the data the entity fetch read as it started."
    noteVersion: Int
  }
`;

export interface HeldHost {
  host: TestPluginHost;
  /** How many times each resolver ran: `report`, `bump`, and `note` once per `_entities` request. */
  calls: { report: number; bump: number; note: number };
  /** From now on resolvers wait until `release`. */
  hold(): void;
  release(): void;
  /** The next `report` resolver that starts fails with `report call <n> failed` (INTERNAL). */
  failNextReport(): void;
  /** A change to the data: `report` resolvers that start from now on read the next version (1 at first). */
  change(): void;
}

export async function startHeldHost(): Promise<HeldHost> {
  const calls = { report: 0, bump: 0, note: 0 };
  let gate: Promise<void> = Promise.resolve();
  let open = (): void => {};
  let failNext = false;
  let version = 1;
  const entitiesSeen = new WeakSet<object>();
  const host = await startTestPluginHost({
    name: 'held',
    typeDefs: HELD_SDL,
    resolvers: {
      Query: {
        report: async (_root: unknown, args: { id: string }, context: HostContext) => {
          const call = (calls.report += 1);
          const read = version;
          const fail = failNext;
          failNext = false;
          await gate;
          if (fail) throw new GraphQLError(`report call ${call} failed`, { extensions: { code: 'INTERNAL' } });
          return { id: args.id, call, viewer: context.headers.cookie ?? '-', version: read };
        },
      },
      Mutation: {
        bump: async () => {
          const call = (calls.bump += 1);
          await gate;
          return call;
        },
      },
      Document: {
        __resolveReference: async (reference: { id: string }, context: HostContext) => {
          const read = version;
          // One count per request, however many documents it asks about.
          if (!entitiesSeen.has(context.headers)) {
            entitiesSeen.add(context.headers);
            calls.note += 1;
          }
          await gate;
          return { id: reference.id, note: `note on ${reference.id}`, noteVersion: read };
        },
      },
    },
  });
  return {
    host,
    calls,
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
    failNextReport: () => {
      failNext = true;
    },
    change: () => {
      version += 1;
    },
  };
}
