import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import type { PluginRequestContext } from '../plugin-definition.js';
import { can, permissionActionName } from './permissions.js';
import type { AuthUser } from './roles.js';

/**
 * What one GraphQL root field needs, as the plugin declares it: `public` (no login: `login`), `authenticated` (any
 * logged-in user; the resolver decides the rest, as `activityLogs` does per record) or one of the plugin's own
 * actions by its short name (`showDocuments`), which the platform checks before the resolver runs.
 */
export type OperationAccess = 'public' | 'authenticated' | (string & {});

/** The plugin's root fields by type and name, each with what it needs. Every root field of the schema must be here. */
export interface PluginOperations {
  Query?: Readonly<Record<string, OperationAccess>>;
  Mutation?: Readonly<Record<string, OperationAccess>>;
  Subscription?: Readonly<Record<string, OperationAccess>>;
}

export const operationRootTypes = ['Query', 'Mutation', 'Subscription'] as const;
export type OperationRootType = (typeof operationRootTypes)[number];

/** The root fields a plugin marks `public`: they run without a login. */
export function publicOperationNames(operations: PluginOperations | undefined): string[] {
  return operationRootTypes.flatMap((type) => Object.entries(operations?.[type] ?? {}).filter(([, access]) => access === 'public').map(([field]) => field));
}

/**
 * The platform's check of one root field before its resolver runs (the plugin host wraps every root resolver with
 * it): nothing for `public`, a user for `authenticated`, the action for the rest. Returns the user when there is one.
 */
export function checkOperationAccess(context: Pick<PluginRequestContext, 'user' | 'plugin'> | undefined, access: OperationAccess): AuthUser | undefined {
  if (access === 'public') return context?.user;
  const user = context?.user;
  if (!user) throw new UnauthenticatedError();
  if (access === 'authenticated') return user;
  const action = permissionActionName(context.plugin, access);
  if (!can(user, action)) throw new ForbiddenError(`This needs the "${action}" permission, which you do not have`);
  return user;
}
