import type { Role } from '@lattice/plugin-sdk';
import { lockedEmails } from '../login/login-throttle.js';
import { rolePermissions } from '../permissions/role-permissions.js';
import type { PublicUser } from '../users/public-user.js';
import type { CoreContext } from './core-context.js';

// One look at the throttling state per request, however many users the answer lists.
const lockedPerRequest = new WeakMap<CoreContext, Promise<Set<string>>>();
const permissionsPerRequest = new WeakMap<CoreContext, Map<Role, Promise<string[]>>>();

export const userFieldResolvers = {
  locked(user: PublicUser, _args: unknown, context: CoreContext): Promise<boolean> {
    let locked = lockedPerRequest.get(context);
    if (!locked) lockedPerRequest.set(context, (locked = lockedEmails(context.models)));
    return locked.then((emails) => emails.has(user.email));
  },

  permissions(user: PublicUser, _args: unknown, context: CoreContext): Promise<string[]> {
    let byRole = permissionsPerRequest.get(context);
    if (!byRole) permissionsPerRequest.set(context, (byRole = new Map()));
    let names = byRole.get(user.role);
    if (!names) byRole.set(user.role, (names = rolePermissions(context.models, context.permissions, user.role)));
    return names;
  },
};
