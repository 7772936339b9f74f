import type { PluginPermissions } from '@lattice/plugin-sdk';

/** What users may do in the core: see and manage users, permission groups and the activity log. */
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
  activityLogs: {
    description: 'Activity log',
    actions: {
      showActivityLogs: { description: 'See who changed what in every plugin', roles: ['owner', 'admin'] },
    },
  },
};
