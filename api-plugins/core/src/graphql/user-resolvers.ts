import { ForbiddenError, InputError, NotFoundError, parseObjectId, requirePermission, roles } from '@lattice/plugin-sdk';
import { z } from 'zod';
import type { CoreModels } from '../models/load-models.js';
import { createUser } from '../users/create-user.js';
import { toPublicUser } from '../users/public-user.js';
import type { CoreContext } from './core-context.js';

const idArgs = z.object({ _id: z.string() });
const setRoleArgs = z.object({ _id: z.string(), role: z.enum(roles) });

async function findUser(models: CoreModels, id: string) {
  const user = await models.User.findById(parseObjectId(id));
  if (!user) throw new NotFoundError('User not found');
  return user;
}

/** Nothing may leave the platform without an active owner. */
async function assertAnotherActiveOwner(models: CoreModels, userId: unknown) {
  const others = await models.User.countDocuments({ role: 'owner', isActive: true, _id: { $ne: userId } });
  if (others === 0) throw new InputError('The platform needs at least one active owner');
}

export const userQueryResolvers = {
  async users(_parent: unknown, _args: unknown, context: CoreContext) {
    requirePermission(context, 'users.list');
    const users = await context.models.User.find({}).sort({ createdAt: 1 }).lean();
    return users.map(toPublicUser);
  },
};

export const userMutationResolvers = {
  async usersAdd(_parent: unknown, args: Record<string, unknown>, context: CoreContext) {
    requirePermission(context, 'users.manage');
    const user = await createUser(context.models, args as Parameters<typeof createUser>[1]);
    return toPublicUser(user);
  },

  async usersSetRole(_parent: unknown, args: unknown, context: CoreContext) {
    requirePermission(context, 'users.manage');
    const { _id, role } = setRoleArgs.parse(args);
    const user = await findUser(context.models, _id);
    if (user.role === 'owner' && role !== 'owner') await assertAnotherActiveOwner(context.models, user._id);
    user.role = role;
    await user.save();
    return toPublicUser(user);
  },

  async usersDeactivate(_parent: unknown, args: unknown, context: CoreContext) {
    const actor = requirePermission(context, 'users.manage');
    const { _id } = idArgs.parse(args);
    if (_id === actor._id) throw new ForbiddenError('You cannot deactivate yourself');
    const user = await findUser(context.models, _id);
    if (user.role === 'owner') await assertAnotherActiveOwner(context.models, user._id);
    user.isActive = false;
    await user.save();
    return toPublicUser(user);
  },

  async usersActivate(_parent: unknown, args: unknown, context: CoreContext) {
    requirePermission(context, 'users.manage');
    const { _id } = idArgs.parse(args);
    const user = await findUser(context.models, _id);
    user.isActive = true;
    await user.save();
    return toPublicUser(user);
  },
};
