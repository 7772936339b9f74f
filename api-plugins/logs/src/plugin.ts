import { definePlugin } from '@lattice/plugin-sdk';
import { retentionDays } from './config/retention.js';
import type { LogsContext } from './graphql/logs-context.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { loadModels } from './models/load-models.js';
import { ensureRetentionIndex } from './models/retention-index.js';
import { consumeActivityQueue } from './queues/consume-activity-queue.js';

/**
 * SPEC.md's `logs` plugin: it keeps the activity log that every plugin host writes for it (over the broker), and
 * answers it over GraphQL. It has no mutation: entries are never changed or removed through an API.
 */
export const logsPlugin = definePlugin<LogsContext>({
  name: 'logs',
  env: { LOGS_RETENTION_DAYS: 'how many days activity entries are kept (default 365)' },
  graphql: () => ({ typeDefs, resolvers }),
  permissions: {
    activity: {
      description: 'Activity log',
      actions: {
        showActivity: { description: 'See who changed what in every plugin (Settings → Activity)', roles: ['owner', 'admin'] },
      },
    },
  },
  operations: {
    // Any user, for the records they may read (the resolver filters by the permission each entry names).
    Query: { activityLogs: 'authenticated', activityLogSearch: 'showActivity' },
  },
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db) }),
  onServerInit: async ({ db, env, messageBrokerClient }) => {
    const models = loadModels(db);
    await models.ActivityLog.init();
    await ensureRetentionIndex(models.ActivityLog, retentionDays(env));
    await consumeActivityQueue(messageBrokerClient, models);
  },
});
