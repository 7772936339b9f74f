import { requirePermission, type PluginResolvers } from '@lattice/plugin-sdk';
import { isValidObjectId } from 'mongoose';
import { toPublicUser } from '../users/public-user.js';
import { authMutationResolvers, authQueryResolvers } from './auth-resolvers.js';
import type { CoreContext } from './core-context.js';
import { permissionGroupFieldResolvers, permissionMutationResolvers, permissionQueryResolvers } from './permission-resolvers.js';
import { userFieldResolvers } from './user-field-resolvers.js';
import { passwordMutationResolvers, unlockMutationResolvers, userMutationResolvers, userQueryResolvers } from './user-resolvers.js';

export const resolvers: PluginResolvers<CoreContext> = {
  Query: { ...authQueryResolvers, ...userQueryResolvers, ...permissionQueryResolvers },
  Mutation: { ...authMutationResolvers, ...userMutationResolvers, ...passwordMutationResolvers, ...unlockMutationResolvers, ...permissionMutationResolvers },
  PermissionGroup: permissionGroupFieldResolvers,
  User: {
    ...userFieldResolvers,
    // `_entities` obeys what `users` does: a user sees themselves, and only owners and admins see others.
    __resolveReference: async (reference: { _id: string }, context: CoreContext) => {
      const { models } = context;
      if (reference._id !== context.user?._id) requirePermission(context, 'core:showUsers');
      if (!isValidObjectId(reference._id)) return null;
      const user = await models.User.findById(reference._id).lean();
      return user ? toPublicUser(user) : null;
    },
  },
};
