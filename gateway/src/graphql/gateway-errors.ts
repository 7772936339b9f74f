import { GraphQLError, type GraphQLFormattedError } from 'graphql';

/** The closed vocabulary of `extensions.code` (ARCHITECTURE.md "Data and errors"). */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'PLUGIN_UNAVAILABLE'
  | 'INTERNAL';

export function pluginUnavailableMessage(name: string): string {
  return `Plugin "${name}" is unavailable`;
}

export function pluginUnavailableError(name: string): GraphQLFormattedError {
  return { message: pluginUnavailableMessage(name), extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: name } };
}

export function gatewayError(message: string, code: ErrorCode): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
