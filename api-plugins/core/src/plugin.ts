import { definePlugin } from '@lattice/plugin-sdk';
import type { CoreContext } from './graphql/core-context.js';
import { resolvers } from './graphql/resolvers.js';
import { typeDefs } from './graphql/type-defs.js';
import { loadModels } from './models/load-models.js';
import { corePermissions } from './permissions/core-permissions.js';
import { consumePermissionsAnnouncements } from './queues/permissions-announce-consumer.js';
import { consumeSessionChecks } from './queues/sessions-check-consumer.js';
import { createFirstOwner } from './users/create-first-owner.js';

export const corePlugin = definePlugin<CoreContext>({
  name: 'core',
  graphql: () => ({ typeDefs, resolvers }),
  publicOperations: ['login', 'logout', 'currentUser'],
  permissions: corePermissions,
  apolloServerContext: (context) => ({ ...context, models: loadModels(context.db) }),
  onServerInit: async ({ db, env, debug, messageBrokerClient }) => {
    const models = loadModels(db);
    await Promise.all([models.User.init(), models.LoginFailure.init(), models.Session.init(), models.PluginPermissions.init(), models.PermissionGroup.init()]);
    await createFirstOwner(models, env, debug);
    await consumeSessionChecks(messageBrokerClient, models, corePermissions);
    await consumePermissionsAnnouncements(messageBrokerClient, models);
  },
});
