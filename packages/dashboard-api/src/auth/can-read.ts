import type { AuthUser } from '@lattice/plugin-sdk';

/** Whether the user's effective permissions (the core's session answer) include a dataset's permission. */
export function canRead(user: AuthUser, permission: string): boolean {
  const { permissions } = user as AuthUser & { permissions?: readonly string[] };
  return permissions?.includes(permission) ?? false;
}
