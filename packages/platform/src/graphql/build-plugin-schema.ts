import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { type PluginDefinition, PluginDefinitionError, type PluginResolvers, type PluginServices, scalarResolvers, scalarTypeDefs } from '@lattice/plugin-sdk';

function toDocument(pluginName: string, typeDefs: unknown): DocumentNode {
  if (typeof typeDefs === 'string') {
    try {
      return parse(typeDefs);
    } catch (error) {
      throw new PluginDefinitionError(
        `Plugin "${pluginName}" is not valid: "graphql().typeDefs" is not GraphQL SDL (${(error as Error).message})`,
      );
    }
  }
  if (typeof typeDefs === 'object' && typeDefs !== null && (typeDefs as DocumentNode).kind === 'Document') {
    return typeDefs as DocumentNode;
  }
  throw new PluginDefinitionError(
    `Plugin "${pluginName}" is not valid: "graphql()" must return { typeDefs, resolvers } with typeDefs as GraphQL SDL`,
  );
}

/** Builds the plugin's Federation v2 subgraph schema, with the platform's `Date` and `JSON` scalars. */
export function buildPluginSchema(definition: PluginDefinition, services: PluginServices): GraphQLSchema {
  const result: unknown = definition.graphql(services);
  if (typeof result !== 'object' || result === null) {
    throw new PluginDefinitionError(
      `Plugin "${definition.name}" is not valid: "graphql()" must return { typeDefs, resolvers }`,
    );
  }
  const { typeDefs, resolvers } = result as { typeDefs?: unknown; resolvers?: unknown };
  const document = toDocument(definition.name, typeDefs);
  if (resolvers !== undefined && (typeof resolvers !== 'object' || resolvers === null)) {
    throw new PluginDefinitionError(`Plugin "${definition.name}" is not valid: "graphql().resolvers" must be an object`);
  }
  try {
    return buildSubgraphSchema([
      { typeDefs: parse(scalarTypeDefs), resolvers: scalarResolvers },
      { typeDefs: document, resolvers: (resolvers ?? {}) as PluginResolvers },
    ]);
  } catch (error) {
    throw new PluginDefinitionError(
      `Plugin "${definition.name}" is not valid: its GraphQL schema does not build (${(error as Error).message})`,
    );
  }
}
