import { randomUUID } from 'node:crypto';
import { ConflictError, declaredActions, InputError, isDuplicateKeyError, NotFoundError, parseObjectId, roles } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { builtInGroups, type PermissionGroupFields } from '../models/permission-group.js';
import { builtInGroupActions, groupActions, type PermissionState } from '../permissions/effective-permissions.js';
import { toPublicUser } from '../users/public-user.js';
import { asRead } from './as-read.js';
import type { CoreContext } from './core-context.js';
import { permissionStateOf } from './user-field-resolvers.js';

// Changes need no message to the hosts: each asks the core again within its session cache's 2 s.

const actionList = z.array(z.string().regex(/^[a-z][a-z0-9-]*:[a-z][A-Za-z0-9]*$/, 'must be "<plugin>:<action>" names')).max(1_000);
const groupAddArgs = z.object({ name: z.string().trim().min(1).max(100), actions: actionList.optional() });
const groupEditArgs = z.object({
  _id: z.string().min(1),
  name: z.string().trim().min(1).max(100).optional(),
  actions: actionList.optional(),
  /** The `updatedAt` the client read: undefined skips the check, null means "it had none". */
  updatedAt: z.date().nullish(),
});
const changedSinceRead = 'Someone else changed this group after you opened it';
const userChangedSinceRead = 'Someone else changed this user after you opened it';
const groupMembersArgs = z.object({ _id: z.string().min(1), userIds: z.array(z.string()).max(10_000), updatedAt: z.date().nullish() });
const idArgs = z.object({ _id: z.string().min(1) });
const overridesArgs = z.object({ _id: z.string(), grants: actionList, denials: actionList, updatedAt: z.date().nullish() });

function parseInput<T>(schema: z.ZodType<T>, args: unknown, what: string): T {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw new InputError(`Cannot ${what}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data;
}

/** Every named action must be one some enabled plugin declares, so a typo never becomes a silent grant. */
function assertDeclared(state: PermissionState, names: readonly string[]): void {
  const unknown = names.filter((name) => !state.catalogue.has(name));
  if (unknown.length > 0) throw new InputError(`No plugin declares ${unknown.map((name) => `"${name}"`).join(', ')}`);
}

const builtInIds = new Map(roles.map((role) => [builtInGroups[role]._id, role] as const));

async function allGroups(context: CoreContext): Promise<PermissionGroupFields[]> {
  const state = await permissionStateOf(context);
  const stored = new Map(state.groups.map((group) => [group._id, group]));
  const builtIn = roles.map((role) => stored.get(builtInGroups[role]._id) ?? { ...builtInGroups[role], builtIn: role, granted: [], withdrawn: [], memberIds: [], createdAt: new Date(0) });
  const own = state.groups.filter((group) => !group.builtIn).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return [...builtIn, ...own];
}

export const permissionGroupFieldResolvers = {
  async actions(group: PermissionGroupFields, _args: unknown, context: CoreContext) {
    return groupActions(await permissionStateOf(context), group);
  },
  /** A built-in group's members are the users of its role; another group's, those added to it. */
  async members(group: PermissionGroupFields, _args: unknown, context: CoreContext) {
    const users = group.builtIn
      ? await context.models.User.find({ role: group.builtIn }).sort({ createdAt: 1 }).lean()
      : await context.models.User.find({ _id: { $in: group.memberIds.map((id) => parseObjectId(id)) } }).sort({ createdAt: 1 }).lean();
    return users.map(toPublicUser);
  },
};

export const permissionQueryResolvers = {
  /** Every plugin's declared modules and actions: the rows and columns of Settings → Permissions. */
  async permissionModules(_parent: unknown, _args: unknown, context: CoreContext) {
    const announced = await context.models.PluginPermissions.find({}).sort({ _id: 1 }).lean();
    const modules = [];
    for (const { _id: plugin, permissions } of [{ _id: 'core', permissions: context.permissions }, ...announced.filter((entry) => entry._id !== 'core')]) {
      const actions = [...declaredActions(plugin, permissions)];
      for (const [module, declaration] of Object.entries(permissions)) {
        modules.push({
          plugin,
          name: module,
          description: declaration.description,
          actions: actions.filter(([, action]) => action.module === module).map(([name, action]) => ({ name, description: action.description, defaultRoles: action.roles })),
        });
      }
    }
    return modules;
  },

  async permissionGroups(_parent: unknown, _args: unknown, context: CoreContext) {
    return allGroups(context);
  },
};

export const permissionMutationResolvers = {
  async permissionGroupsAdd(_parent: unknown, args: unknown, context: CoreContext) {
    const { name, actions = [] } = parseInput(groupAddArgs, args, 'add the group');
    assertDeclared(await permissionStateOf(context), actions);
    const created = await context.models.PermissionGroup.create({ _id: randomUUID(), name, granted: [...new Set(actions)], withdrawn: [], memberIds: [], createdAt: new Date(), updatedAt: new Date() });
    return created.toObject();
  },

  /**
   * Renames a group or sets its actions. For a built-in group the actions are kept as what differs from the
   * plugins' defaults, so a plugin enabled later still brings its defaults. Owners always have every action.
   */
  async permissionGroupsEdit(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id, name, actions, updatedAt } = parseInput(groupEditArgs, args, 'change the group');
    const state = await permissionStateOf(context);
    if (actions) assertDeclared(state, actions);
    const role = builtInIds.get(_id);
    if (role === 'owner' && actions) throw new InputError('Owners have every action; their group cannot be changed');
    if (role) {
      const $set: Record<string, unknown> = { name: name ?? builtInGroups[role].name, builtIn: role, updatedAt: new Date() };
      if (actions) {
        const defaults = new Set(builtInGroupActions({ ...state, groups: [] }, role));
        const wanted = new Set(actions);
        $set.granted = [...wanted].filter((action) => !defaults.has(action));
        $set.withdrawn = [...defaults].filter((action) => !wanted.has(action));
      }
      // A built-in group is stored at its first change. Changed since it was read, the filter misses the stored
      // one and the upsert's insert meets its _id.
      try {
        return await context.models.PermissionGroup.findOneAndUpdate({ _id, ...asRead(updatedAt) }, { $set, $setOnInsert: { memberIds: [], createdAt: new Date() } }, { upsert: true, returnDocument: 'after' }).lean();
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new ConflictError(changedSinceRead);
        throw error;
      }
    }
    const $set: Record<string, unknown> = { updatedAt: new Date() };
    if (name) $set.name = name;
    if (actions) $set.granted = [...new Set(actions)];
    const updated = await context.models.PermissionGroup.findOneAndUpdate({ _id, builtIn: { $exists: false }, ...asRead(updatedAt) }, { $set }, { returnDocument: 'after' }).lean();
    if (updated) return updated;
    if (updatedAt !== undefined && (await context.models.PermissionGroup.exists({ _id, builtIn: { $exists: false } }))) throw new ConflictError(changedSinceRead);
    throw new NotFoundError('Group not found');
  },

  async permissionGroupsRemove(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id } = parseInput(idArgs, args, 'remove the group');
    if (builtInIds.has(_id)) throw new InputError('A built-in group cannot be removed');
    const { deletedCount } = await context.models.PermissionGroup.deleteOne({ _id, builtIn: { $exists: false } });
    if (deletedCount === 0) throw new NotFoundError('Group not found');
    return true;
  },

  /** Sets who is in a group of an admin's own; a built-in group's members are the users of its role. */
  async permissionGroupsSetMembers(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id, userIds, updatedAt } = parseInput(groupMembersArgs, args, 'set the members');
    if (builtInIds.has(_id)) throw new InputError("A built-in group's members are the users of its role: change a user's role instead");
    const ids = [...new Set(userIds)];
    const found = await context.models.User.countDocuments({ _id: { $in: ids.map((id) => parseObjectId(id)) } });
    if (found !== ids.length) throw new NotFoundError('User not found');
    const updated = await context.models.PermissionGroup.findOneAndUpdate({ _id, builtIn: { $exists: false }, ...asRead(updatedAt) }, { $set: { memberIds: ids, updatedAt: new Date() } }, { returnDocument: 'after' }).lean();
    if (updated) return updated;
    if (updatedAt !== undefined && (await context.models.PermissionGroup.exists({ _id, builtIn: { $exists: false } }))) throw new ConflictError(changedSinceRead);
    throw new NotFoundError('Group not found');
  },

  /** A user's own grants and denials, beside their groups'. */
  async usersSetPermissionOverrides(_parent: unknown, args: unknown, context: CoreContext) {
    const { _id, grants, denials, updatedAt } = parseInput(overridesArgs, args, 'set the permissions');
    assertDeclared(await permissionStateOf(context), [...grants, ...denials]);
    const both = grants.filter((name) => denials.includes(name));
    if (both.length > 0) throw new InputError(`${both.join(', ')} cannot be both granted and denied`);
    const userId = parseObjectId(_id);
    const user = await context.models.User.findOneAndUpdate(
      { _id: userId, ...asRead(updatedAt) },
      { $set: { grants: [...new Set(grants)], denials: [...new Set(denials)], updatedAt: new Date() } },
      { returnDocument: 'after' },
    ).lean();
    if (user) return toPublicUser(user);
    if (updatedAt !== undefined && (await context.models.User.exists({ _id: userId }))) throw new ConflictError(userChangedSinceRead);
    throw new NotFoundError('User not found');
  },
};
