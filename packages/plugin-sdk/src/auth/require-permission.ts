import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { PluginRequestContext } from '../plugin-definition.js';
import { can, permissionActionPattern } from './permissions.js';
import type { AuthUser } from './roles.js';

/**
 * The one check for an action (`<plugin>:<action>`): the request's user must have it among their effective
 * permissions. An action of the calling plugin that its definition does not declare is a programming error.
 * Returns the user for the resolver's convenience.
 */
export function requirePermission(context: PluginRequestContext, action: string): AuthUser {
  if (!permissionActionPattern.test(action)) throw new Error(`Permission "${action}" is not a "<plugin>:<action>" name`);
  if (action.startsWith(`${context.plugin}:`) && !context.declaredActions.has(action)) {
    throw new Error(`Permission "${action}" is not declared in the ${context.plugin} plugin's definition`);
  }
  const { user } = context;
  if (!user) throw new UnauthenticatedError();
  if (!can(user, action)) throw new ForbiddenError(`This needs the "${action}" permission, which you do not have`);
  return user;
}
