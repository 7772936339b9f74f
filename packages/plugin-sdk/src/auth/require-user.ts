import { UnauthenticatedError } from '../errors.js';
import type { PluginRequestContext } from '../plugin-definition.js';
import type { AuthUser } from './roles.js';

/** The request's user, for a resolver the platform has already let in (its declared action checked); throws without one. */
export function requireUser(context: Pick<PluginRequestContext, 'user'> | undefined): AuthUser {
  if (!context?.user) throw new UnauthenticatedError();
  return context.user;
}
