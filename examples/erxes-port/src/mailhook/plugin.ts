import { definePlugin, type InboxIntegrationMeta } from '@lattice/plugin-sdk';
import { initModels, loadModels } from './models.js';
import { consumeIntegrationQueues } from './queues.js';
import { registerRoutes } from './receive-route.js';
import { resolvers, type MailhookContext } from './resolvers.js';
import { typeDefs } from './type-defs.js';

// erxes: packages/template.plugin.api/source-integration/configs.ts, with `{name}` = mailhook. erxes kept the
// connection and broker in module globals (`mainDb`, `initBroker`); here each is used where it is handed in.

/** The host announces this kind to the inbox, which then offers "Mailhook" among its integrations. */
const inboxIntegration: InboxIntegrationMeta = { kind: 'mailhook', label: 'Mailhook' };
const roles = ['owner', 'admin', 'member'] as const;

export const mailhookPlugin = definePlugin<MailhookContext>({
  name: 'mailhook',
  graphql: () => ({ typeDefs, resolvers }),
  permissions: {
    mailhook: {
      description: 'Mailhook messages and accounts',
      actions: {
        showMailhook: { description: 'Read the messages of a conversation, list accounts', roles: [...roles] },
        manageMailhookAccounts: { description: 'Remove accounts', roles: ['owner', 'admin'] },
      },
    },
  },
  operations: {
    Query: { mailhookConversationDetail: 'showMailhook', mailhookAccounts: 'showMailhook' },
    Mutation: { mailhookAccountRemove: 'manageMailhookAccounts' },
  },
  meta: { inboxIntegration },
  // Received messages are filed by the inbox and their senders kept by contacts: configs without them are refused.
  dependsOn: ['inbox', 'contacts'],
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db) }),
  onServerInit: async ({ db, messageBrokerClient, app }) => {
    const models = loadModels(db);
    await initModels(models);
    await consumeIntegrationQueues(messageBrokerClient, models, inboxIntegration.kind);
    registerRoutes(app, models, messageBrokerClient);
  },
});

export default mailhookPlugin;
