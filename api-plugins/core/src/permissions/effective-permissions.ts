import type { PluginPermissions, Role } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import { builtInGroups, type PermissionGroupFields } from '../models/permission-group.js';
import type { UserFields } from '../models/user.js';
import { actionCatalogue, roleActions } from './role-permissions.js';

type PermissionSubject = Pick<UserFields, 'role' | 'grants' | 'denials'> & { _id: unknown };

/** What decides users' permissions, read once for a batch of users. */
export interface PermissionState {
  catalogue: Map<string, readonly Role[]>;
  groups: PermissionGroupFields[];
}

export async function readPermissionState(models: CoreModels, ownPermissions: PluginPermissions): Promise<PermissionState> {
  const [catalogue, groups] = await Promise.all([actionCatalogue(models, ownPermissions), models.PermissionGroup.find({}).lean<PermissionGroupFields[]>()]);
  return { catalogue, groups };
}

/** A built-in group's actions: the declared defaults of its role, with the admins' changes (owners: every action). */
export function builtInGroupActions(state: PermissionState, role: Role): string[] {
  const defaults = roleActions(state.catalogue, role);
  if (role === 'owner') return defaults;
  const stored = state.groups.find((group) => group._id === builtInGroups[role]._id);
  if (!stored) return defaults;
  const withdrawn = new Set(stored.withdrawn);
  return [...new Set([...defaults.filter((name) => !withdrawn.has(name)), ...stored.granted.filter((name) => state.catalogue.has(name))])].sort();
}

/** A group's actions, built-in or not; only actions some enabled plugin still declares count. */
export function groupActions(state: PermissionState, group: PermissionGroupFields): string[] {
  if (group.builtIn) return builtInGroupActions(state, group.builtIn);
  return group.granted.filter((name) => state.catalogue.has(name)).sort();
}

/**
 * A user's effective permissions: their role's built-in group, every group they are a member of, their own
 * grants, minus their own denials. Owners have every action, whatever a denial says, so the platform always
 * has someone who can undo a mistake.
 */
export function effectivePermissions(state: PermissionState, user: PermissionSubject): string[] {
  if (user.role === 'owner') return builtInGroupActions(state, 'owner');
  const userId = String(user._id);
  const names = new Set(builtInGroupActions(state, user.role));
  for (const group of state.groups) if (!group.builtIn && group.memberIds.includes(userId)) groupActions(state, group).forEach((name) => names.add(name));
  for (const name of user.grants ?? []) if (state.catalogue.has(name)) names.add(name);
  for (const name of user.denials ?? []) names.delete(name);
  return [...names].sort();
}
