import type { AuthUser, Role } from './roles.js';

/** One thing a user may be allowed to do in a plugin, as the plugin declares it. */
export interface PermissionActionDeclaration {
  description: string;
  /**
   * The built-in groups (named after today's roles) that have this action on a new platform and after an upgrade.
   * Owners have every action whatever this says.
   */
  roles: readonly Role[];
}

/** A group of related actions, one row block of Settings → Permissions (for example `documents` or `documentTypes`). */
export interface PermissionModuleDeclaration {
  description: string;
  /** Action name (`showDocuments`) → its declaration; the full name is `<plugin>:<action>`, unique in the plugin. */
  actions: Readonly<Record<string, PermissionActionDeclaration>>;
}

/** A plugin's permission modules, by module name. */
export type PluginPermissions = Readonly<Record<string, PermissionModuleDeclaration>>;

/** `<plugin>:<action>`: a plugin name, a colon, an action name in camelCase. */
export const permissionActionPattern = /^[a-z][a-z0-9-]*:[a-z][A-Za-z0-9]*$/;

/** The full name other plugins and the UI use for one of a plugin's actions. */
export function permissionActionName(plugin: string, action: string): string {
  return `${plugin}:${action}`;
}

/** Every action a plugin declares, by full name (`documents:showDocuments`). */
export function declaredActions(plugin: string, permissions: PluginPermissions | undefined): Map<string, PermissionActionDeclaration & { module: string }> {
  const actions = new Map<string, PermissionActionDeclaration & { module: string }>();
  for (const [module, declaration] of Object.entries(permissions ?? {})) {
    for (const [action, declared] of Object.entries(declaration.actions)) actions.set(permissionActionName(plugin, action), { ...declared, module });
  }
  return actions;
}

/**
 * Whether the user may do `action` (`<plugin>:<action>`): the user's effective permissions as the core's session
 * check answered them on this request (cached for at most a few seconds, dropped when they change).
 */
export function can(user: Pick<AuthUser, 'permissions'> | undefined, action: string): boolean {
  return user?.permissions.includes(action) ?? false;
}
