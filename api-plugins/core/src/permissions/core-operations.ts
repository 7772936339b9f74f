import type { PluginOperations } from '@lattice/plugin-sdk';

/** What each of the core's operations needs; the platform checks it before the resolver runs. */
export const coreOperations: PluginOperations = {
  Query: {
    // null without a login, so the shell can ask before anyone logged in.
    currentUser: 'public',
    users: 'showUsers',
    permissionModules: 'showUsers',
    permissionGroups: 'showUsers',
  },
  Mutation: {
    login: 'public',
    // Without a session there is nothing to end: it clears the cookie all the same.
    logout: 'public',
    usersAdd: 'manageUsers',
    usersSetRole: 'manageUsers',
    usersDeactivate: 'manageUsers',
    usersActivate: 'manageUsers',
    usersUnlock: 'unlockUsers',
    // Everyone changes their own password.
    usersChangePassword: 'authenticated',
    usersSetPassword: 'manageUsers',
    permissionGroupsAdd: 'managePermissions',
    permissionGroupsEdit: 'managePermissions',
    permissionGroupsRemove: 'managePermissions',
    permissionGroupsSetMembers: 'managePermissions',
    usersSetPermissionOverrides: 'managePermissions',
  },
};
