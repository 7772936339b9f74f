import { EventEmitter, on } from 'node:events';
import { GraphQLError } from 'graphql';
import { startTestPluginHost, type HostContext, type TestPluginHost } from './test-plugin-host.js';

// Root fields are nullable so that one plugin being down leaves the other's fields in `data`.
export const DOCUMENTS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  type Query {
    documents: [Document!]
    document(id: ID!): Document
    whoAmI: String
  }
  type Mutation {
    login(name: String!): String
  }
  type Document @key(fields: "id") {
    id: ID!
    name: String!
    parent: Document
  }
`;

export const CONTACTS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  type Query {
    contacts: [Contact!]
  }
  type Contact {
    id: ID!
    name: String!
  }
  type Document @key(fields: "id") {
    id: ID!
    owner: Contact
  }
`;

const documents = [
  { id: 'd1', name: 'Contract' },
  { id: 'd2', name: 'Invoice' },
];
const contacts = [
  { id: 'c1', name: 'Ada' },
  { id: 'c2', name: 'Grace' },
];

export function startDocumentsHost(): Promise<TestPluginHost> {
  return startTestPluginHost({
    name: 'documents',
    typeDefs: DOCUMENTS_SDL,
    resolvers: {
      Query: {
        documents: () => documents,
        document: (_root: unknown, args: { id: string }) => {
          const found = documents.find((document) => document.id === args.id);
          if (!found) throw new GraphQLError('Document not found', { extensions: { code: 'NOT_FOUND' } });
          return found;
        },
        whoAmI: (_root: unknown, _args: unknown, context: HostContext) =>
          `${context.headers.authorization ?? '-'} ${context.headers.cookie ?? '-'}`,
      },
      Mutation: {
        login: (_root: unknown, args: { name: string }, context: HostContext) => {
          context.res.cookie('auth-token', `token-${args.name}`, { httpOnly: true });
          return args.name;
        },
      },
      Document: {
        __resolveReference: (reference: { id: string }) => documents.find((document) => document.id === reference.id),
      },
    },
  });
}

export function startContactsHost(): Promise<TestPluginHost> {
  return startTestPluginHost({
    name: 'contacts',
    typeDefs: CONTACTS_SDL,
    resolvers: {
      Query: { contacts: () => contacts },
      Document: {
        __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
        owner: (document: { id: string }) => (document.id === 'd1' ? contacts[0] : contacts[1]),
      },
    },
  });
}

// Notifications are a plugin with subscriptions; Document is another plugin's entity it only points at.
export const NOTIFICATIONS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
  type Query {
    notificationTopics: [String!]
  }
  type Notification {
    topic: String!
    text: String!
    document: Document
  }
  type Document @key(fields: "id", resolvable: false) {
    id: ID!
  }
  type Subscription {
    notified: Notification
    "One event saying which cookie and authorization the subscription came with, then complete."
    sentWith: String
  }
`;

export interface Notification {
  topic: string;
  text: string;
  document?: { id: string };
}

export interface NotificationsHost {
  host: TestPluginHost;
  notify(notification: Notification): void;
  /** How many `notified` subscriptions are open at the host. */
  openSubscriptions(): number;
}

export async function startNotificationsHost(): Promise<NotificationsHost> {
  const events = new EventEmitter();
  const host = await startTestPluginHost({
    name: 'notifications',
    typeDefs: NOTIFICATIONS_SDL,
    resolvers: {
      Query: { notificationTopics: () => ['documents'] },
      Subscription: {
        notified: {
          subscribe: () => on(events, 'notification'),
          resolve: ([notification]: [Notification]) => notification,
        },
        sentWith: {
          subscribe: async function* sentWith() {
            yield {};
          },
          resolve: (_payload: unknown, _args: unknown, context: HostContext) =>
            `${context.headers.cookie ?? '-'} ${context.headers.authorization ?? '-'}`,
        },
      },
    },
  });
  return {
    host,
    notify: (notification) => events.emit('notification', notification),
    openSubscriptions: () => events.listenerCount('notification'),
  };
}
