import type { PluginPermissions } from '@lattice/plugin-sdk';

/** What users may do in the core, by role. */
export const corePermissions: PluginPermissions = {
  'users.list': { description: 'See every user', roles: ['owner', 'admin'] },
  'users.manage': { description: 'Add users, change roles, deactivate users', roles: ['owner'] },
  'users.unlock': { description: 'Let a user locked out by failed logins try again', roles: ['owner', 'admin'] },
};
