import { createContext, useContext } from 'react';

/**
 * The logged-in user's permissions (`currentUser.permissions`), provided by the shell; null while they are not
 * known yet. Shared as a Module Federation singleton with this package, so every remote reads the shell's value.
 */
export const PermissionsContext = createContext<ReadonlySet<string> | null>(null);

/** The current user's permission names, or null while the shell has not loaded them. */
export function usePermissions(): ReadonlySet<string> | null {
  return useContext(PermissionsContext);
}

/**
 * Whether the current user may use an action guarded by this permission (a name a plugin declared, such as
 * `inbox:manageIntegrations`). False until the permissions are known: an action appears once it is allowed, never
 * before. The server checks again; this only keeps people from offers they cannot use.
 */
export function useCan(permission: string): boolean {
  return usePermissions()?.has(permission) ?? false;
}
