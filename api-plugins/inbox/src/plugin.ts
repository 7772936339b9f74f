import { definePlugin } from '@lattice/plugin-sdk';
import { searchDeclarations } from './search/search-declarations.js';
import { inboxDatasets } from './dashboard/inbox-datasets.js';
import type { InboxContext } from './graphql/inbox-context.js';
import { createLoaders } from './graphql/loaders.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { initModels, loadModels } from './models/load-models.js';
import { consumeInboxQueues } from './queues/consume-inbox-queues.js';

export const inboxPlugin = definePlugin<InboxContext>({
  name: 'inbox',
  graphql: () => ({ typeDefs, resolvers }),
  search: searchDeclarations,
  dashboardDatasets: inboxDatasets,
  permissions: {
    conversations: {
      description: 'Conversations',
      actions: {
        showConversations: { description: 'See conversations and their messages', roles: ['owner', 'admin', 'member'] },
        manageConversations: { description: 'Close, reopen and add messages to conversations', roles: ['owner', 'admin', 'member'] },
        // Replies speak for the company to customers; every user may leave a note for the others.
        replyToConversations: { description: 'Reply to customers through the integration', roles: ['owner', 'admin'] },
        addNotes: { description: 'Add internal notes to conversations', roles: ['owner', 'admin', 'member'] },
      },
    },
    integrations: {
      description: 'Integrations',
      actions: {
        showIntegrations: { description: 'See the integrations and the kinds on offer', roles: ['owner', 'admin', 'member'] },
        manageIntegrations: { description: 'Create and remove integrations', roles: ['owner', 'admin'] },
      },
    },
  },
  // Checked by the platform before each resolver runs.
  operations: {
    Query: {
      integrationKinds: 'showIntegrations',
      integrations: 'showIntegrations',
      conversations: 'showConversations',
      conversationsTotalCount: 'showConversations',
      conversationDetail: 'showConversations',
      conversationMessages: 'showConversations',
    },
    Mutation: {
      integrationsCreateExternalIntegration: 'manageIntegrations',
      integrationsRemove: 'manageIntegrations',
      conversationsChangeStatus: 'manageConversations',
      conversationMessageAdd: 'manageConversations',
      conversationReply: 'replyToConversations',
      conversationNoteAdd: 'addNotes',
    },
    Subscription: { conversationChanged: 'showConversations' },
  },
  activityLog: {
    skipModels: ['IntegrationKind'],
    readPermissions: { conversation: 'showConversations', conversationMessage: 'showConversations', integration: 'showIntegrations' },
  },
  apolloServerContext: (context) => {
    const models = loadModels(context.db);
    return { ...context, models, loaders: createLoaders(models) };
  },
  onServerInit: async ({ db, messageBrokerClient, pubsubClient, debug }) => {
    await initModels(loadModels(db));
    await consumeInboxQueues(messageBrokerClient, db, pubsubClient, debug);
  },
});
