import { pluginUnavailableMessage, type ErrorCode } from '@lattice/contracts';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

// The closed vocabulary of `extensions.code` lives once, in @lattice/contracts, shared with plugins and hosts.
export { pluginUnavailableMessage, type ErrorCode };

export function pluginUnavailableError(name: string): GraphQLFormattedError {
  return { message: pluginUnavailableMessage(name), extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: name } };
}

export function gatewayError(message: string, code: ErrorCode): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}
