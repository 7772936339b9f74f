import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type OperationDefinitionNode, type SelectionSetNode, type FragmentDefinitionNode } from 'graphql';
import type { PluginRequestContext } from '../plugin-definition.js';

/** Fields anyone may ask for: `_service` lets the gateway compose the subgraph; it holds only the SDL. */
const alwaysPublic = new Set(['__typename', '_service']);

function rootFieldNames(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  names = new Set<string>(),
): Set<string> {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFieldNames(selection.selectionSet, fragments, names);
    else {
      const fragment = fragments[selection.name.value];
      if (fragment) rootFieldNames(fragment.selectionSet, fragments, names);
    }
  }
  return names;
}

/**
 * Refuses an operation without a verified user unless every root field it asks for is one the plugin
 * marks public (for example `login`). Runs before execution, so nothing is resolved for a refused request.
 */
export function requireAuthentication(publicFields: Iterable<string>, allowIntrospection: boolean): ApolloServerPlugin<PluginRequestContext> {
  const allowed = new Set([...alwaysPublic, ...publicFields]);
  if (allowIntrospection) ['__schema', '__type'].forEach((field) => allowed.add(field));
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operation, document }) {
          if (contextValue.user) return;
          const fragments: Record<string, FragmentDefinitionNode> = {};
          for (const definition of document.definitions) {
            if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
          }
          const fields = rootFieldNames((operation as OperationDefinitionNode).selectionSet, fragments);
          if ([...fields].every((field) => allowed.has(field))) return;
          throw new GraphQLError('You must be logged in', {
            extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
          });
        },
      };
    },
  };
}
