import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { PluginRequestContext } from '../plugin-definition.js';
import type { AuthUser } from './roles.js';

/**
 * The one check for a permission a plugin declared in its definition: the request's user must have
 * one of the roles the permission lists. Returns the user for the resolver's convenience.
 */
export function requirePermission(context: PluginRequestContext, permission: string): AuthUser {
  const { user } = context;
  if (!user) throw new UnauthenticatedError();
  const declared = context.permissions[permission];
  if (!declared) throw new Error(`Permission "${permission}" is not declared in the plugin's definition`);
  if (!declared.roles.includes(user.role)) {
    throw new ForbiddenError(`This needs the "${permission}" permission, which the ${user.role} role does not have`);
  }
  return user;
}
