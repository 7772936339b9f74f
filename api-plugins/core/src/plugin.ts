import { definePlugin } from '@lattice/plugin-sdk';
import type { CoreContext } from './graphql/core-context.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { loadModels } from './models/load-models.js';
import { coreOperations } from './permissions/core-operations.js';
import { corePermissions } from './permissions/core-permissions.js';
import { consumePermissionsAnnouncements } from './queues/permissions-announce-consumer.js';
import { consumeSessionChecks } from './queues/sessions-check-consumer.js';
import { createFirstOwner } from './users/create-first-owner.js';

export const corePlugin = definePlugin<CoreContext>({
  name: 'core',
  graphql: () => ({ typeDefs, resolvers }),
  operations: coreOperations,
  permissions: corePermissions,
  // Sessions, login failures and announcements are bookkeeping; password hashes are never written (named like a secret).
  activityLog: { skipModels: ['Session', 'LoginFailure', 'PluginPermissions'], readPermissions: { user: 'showUsers', permissionGroup: 'showUsers' } },
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db) }),
  onServerInit: async ({ db, env, debug, messageBrokerClient }) => {
    const models = loadModels(db);
    await Promise.all([models.User.init(), models.LoginFailure.init(), models.Session.init(), models.PluginPermissions.init(), models.PermissionGroup.init()]);
    await createFirstOwner(models, env, debug);
    await consumeSessionChecks(messageBrokerClient, models, corePermissions);
    await consumePermissionsAnnouncements(messageBrokerClient, models);
  },
});
