import type { PluginPermissions } from '@lattice/plugin-sdk';

/** What users may do in the core: see and manage users and permission groups (the activity log's action is the logs plugin's). */
export const corePermissions: PluginPermissions = {
  users: {
    description: 'Users',
    actions: {
      showUsers: { description: 'See every user', roles: ['owner', 'admin'] },
      manageUsers: { description: 'Add users, change roles, set passwords, deactivate users', roles: ['owner'] },
      unlockUsers: { description: 'Let a user locked out by failed logins try again', roles: ['owner', 'admin'] },
    },
  },
  permissions: {
    description: 'Permissions',
    actions: {
      managePermissions: { description: 'Create permission groups, grant and deny actions, add members', roles: ['owner'] },
    },
  },
};
