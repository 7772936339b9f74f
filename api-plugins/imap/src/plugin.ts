import { definePlugin, type InboxIntegrationMeta } from '@lattice/plugin-sdk';
import type { ImapContext } from './graphql/imap-context.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { readImapConfig } from './config/imap-config.js';
import { registerReceiveRoute } from './http/receive-route.js';
import { initModels, loadModels } from './models/load-models.js';
import { consumeImapQueues, integrationKind } from './queues/consume-imap-queues.js';
import { resumeMailSync } from './queues/resume-mail-sync.js';
import { contextRuntime, createRuntime } from './runtime.js';

const inboxIntegration: InboxIntegrationMeta = { kind: integrationKind, label: 'IMAP e-mail' };

export const imapPlugin = definePlugin<ImapContext>({
  name: 'imap',
  env: {
    IMAP_RECEIVE_LIMIT_MB: 'the largest POST /receive body in megabytes (default 25)',
    IMAP_ALLOW_PRIVATE_HOSTS: '"true" lets mail hosts resolve to private addresses (development and tests only; production refuses it)',
  },
  graphql: () => ({ typeDefs, resolvers }),
  meta: { inboxIntegration },
  dependsOn: ['inbox', 'contacts'],
  permissions: {
    mail: {
      description: 'E-mail',
      actions: {
        showMails: { description: "See a conversation's e-mails", roles: ['owner', 'admin', 'member'] },
      },
    },
    accounts: {
      description: 'IMAP accounts',
      actions: {
        manageAccounts: { description: 'See and remove the IMAP accounts', roles: ['owner', 'admin'] },
      },
    },
  },
  // Checked by the platform before each resolver runs.
  operations: {
    Query: { imapConversationDetail: 'showMails', imapAccounts: 'manageAccounts' },
    Mutation: { imapAccountRemove: 'manageAccounts' },
    Subscription: { imapMessageStored: 'showMails' },
  },
  // The IMAP and SMTP passwords are named like secrets: an entry says only that they changed.
  activityLog: { skipModels: ['ImapMessageClaim'], readPermissions: { imapMessage: 'showMails', imapIntegration: 'manageAccounts' } },
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db), runtime: contextRuntime(context) }),
  onServerInit: async ({ db, messageBrokerClient, pubsubClient, debug, app, env, activityLog }) => {
    const config = readImapConfig(env);
    const models = loadModels(db);
    await initModels(models);
    const runtime = createRuntime(messageBrokerClient, pubsubClient, db, debug, config, activityLog);
    registerReceiveRoute(app, runtime, messageBrokerClient);
    await consumeImapQueues(messageBrokerClient, runtime);
    runtime.startFilingSweep();
    await resumeMailSync(runtime, debug);
    return { stop: runtime.stop, context: { runtime } };
  },
});
