import type { PluginResolvers } from '@lattice/plugin-sdk';
import { isValidObjectId } from 'mongoose';
import { toPublicUser } from '../users/public-user.js';
import { authMutationResolvers, authQueryResolvers } from './auth-resolvers.js';
import type { CoreContext } from './core-context.js';
import { userMutationResolvers, userQueryResolvers } from './user-resolvers.js';

export const resolvers: PluginResolvers<CoreContext> = {
  Query: { ...authQueryResolvers, ...userQueryResolvers },
  Mutation: { ...authMutationResolvers, ...userMutationResolvers },
  User: {
    __resolveReference: async (reference: { _id: string }, { models }: CoreContext) => {
      if (!isValidObjectId(reference._id)) return null;
      const user = await models.User.findById(reference._id).lean();
      return user ? toPublicUser(user) : null;
    },
  },
};
