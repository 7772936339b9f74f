import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type OperationDefinitionNode } from 'graphql';
import type { PluginRequestContext } from '@lattice/plugin-sdk';
import { asksOnlyFor } from './public-fields.js';
import { sessionUnverifiable } from './read-request-user.js';
import { SessionsUnavailableError } from './session-checker.js';

/**
 * Refuses an operation without a verified user unless every root field it asks for is one the plugin
 * marks public (for example `login`, see `publicFieldNames`). Runs before execution, so nothing is
 * resolved for a refused request. A request whose session the core could not confirm (core down, no recent
 * answer) is refused as temporarily unavailable (PLUGIN_UNAVAILABLE, 503), not as logged out.
 */
export function requireAuthentication(allowed: ReadonlySet<string>): ApolloServerPlugin<PluginRequestContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation, document }) {
          if (contextValue.user) return;
          if (asksOnlyFor(allowed, operation as OperationDefinitionNode, document)) return;
          if (sessionUnverifiable(contextValue.req)) throw new SessionsUnavailableError();
          throw new GraphQLError('You must be logged in', {
            extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
          });
        },
      };
    },
  };
}
