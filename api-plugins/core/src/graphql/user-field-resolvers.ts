import { lockedEmails } from '../login/login-throttle.js';
import { builtInGroups } from '../models/permission-group.js';
import { effectivePermissions, readPermissionState, type PermissionState } from '../permissions/effective-permissions.js';
import type { PublicUser } from '../users/public-user.js';
import type { CoreContext } from './core-context.js';

// One look at the throttling state and at the groups per request, however many users the answer lists.
const lockedPerRequest = new WeakMap<CoreContext, Promise<Set<string>>>();
const permissionStatePerRequest = new WeakMap<CoreContext, Promise<PermissionState>>();

export function permissionStateOf(context: CoreContext): Promise<PermissionState> {
  let state = permissionStatePerRequest.get(context);
  if (!state) permissionStatePerRequest.set(context, (state = readPermissionState(context.models, context.permissions)));
  return state;
}

export const userFieldResolvers = {
  locked(user: PublicUser, _args: unknown, context: CoreContext): Promise<boolean> {
    let locked = lockedPerRequest.get(context);
    if (!locked) lockedPerRequest.set(context, (locked = lockedEmails(context.models)));
    return locked.then((emails) => emails.has(user.email));
  },

  /** What the user may do now: their groups' actions with their own grants and denials (as the session check answers). */
  async permissions(user: PublicUser, _args: unknown, context: CoreContext): Promise<string[]> {
    return effectivePermissions(await permissionStateOf(context), user);
  },

  grants: (user: PublicUser) => user.grants,
  denials: (user: PublicUser) => user.denials,

  /** The groups the user is in: the built-in one of their role, and those an admin added them to. */
  async groupIds(user: PublicUser, _args: unknown, context: CoreContext): Promise<string[]> {
    const state = await permissionStateOf(context);
    const own = state.groups.filter((group) => !group.builtIn && group.memberIds.includes(user._id)).map((group) => group._id);
    return [builtInGroups[user.role]._id, ...own];
  },
};
