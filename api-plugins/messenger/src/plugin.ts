import { definePlugin, type InboxIntegrationMeta } from '@lattice/plugin-sdk';
import type { MessengerContext } from './graphql/messenger-context.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { initModels, loadModels } from './models/load-models.js';
import { consumeMessengerQueues, integrationKind } from './queues/consume-messenger-queues.js';
import { contextRuntime, createRuntime } from './runtime.js';

// The widget reaches the plugin over the broker through the widgets service, never over HTTP: no public routes.
const inboxIntegration: InboxIntegrationMeta = { kind: integrationKind, label: 'Website messenger', publicRoutes: [] };

export const messengerPlugin = definePlugin<MessengerContext>({
  name: 'messenger',
  env: { LATTICE_WIDGETS_URL: "the widgets service's public URL (set from configs.json's widgets.domain)" },
  graphql: () => ({ typeDefs, resolvers }),
  meta: { inboxIntegration },
  dependsOn: ['inbox', 'contacts'],
  permissions: {
    settings: {
      description: 'Messenger settings',
      actions: {
        manageSettings: { description: 'See and change the messenger settings', roles: ['owner', 'admin'] },
      },
    },
  },
  // Checked by the platform before each resolver runs.
  operations: {
    // A conversation's messenger view and the agent's typing and read marks: any user who works the inbox.
    Query: { messengerConversationDetail: 'authenticated', messengerVisitor: 'authenticated', messengerIntegrations: 'manageSettings' },
    Mutation: { messengerIntegrationEdit: 'manageSettings', messengerTyping: 'authenticated', messengerMarkRead: 'authenticated' },
    Subscription: { messengerConversationEvent: 'authenticated' },
  },
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db), runtime: contextRuntime(context) }),
  onServerInit: async ({ db, messageBrokerClient, pubsubClient, debug }) => {
    await initModels(loadModels(db));
    const runtime = createRuntime(messageBrokerClient, pubsubClient, db, debug);
    await consumeMessengerQueues(messageBrokerClient, runtime);
    return { context: { runtime } };
  },
});
