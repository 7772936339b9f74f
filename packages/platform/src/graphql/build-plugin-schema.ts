import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { ActivityRecorder } from '../activity/activity-recorder.js';
import { guardOperations } from './guard-operations.js';
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
export function buildPluginSchema(definition: PluginDefinition, services: PluginServices, activity?: ActivityRecorder): GraphQLSchema {
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
  let schema: GraphQLSchema;
  try {
    schema = buildSubgraphSchema([
      { typeDefs: parse(scalarTypeDefs), resolvers: scalarResolvers },
      { typeDefs: document, resolvers: (resolvers ?? {}) as PluginResolvers },
    ]);
  } catch (error) {
    throw new PluginDefinitionError(
      `Plugin "${definition.name}" is not valid: its GraphQL schema does not build (${(error as Error).message})`,
    );
  }
  guardOperations(schema, definition, activity);
  return schema;
}

/**
 * Builds the schema without a running host, to check the plugin's `operations` (`lattice validate`, tests).
 * `graphql()` gets no services here: one that reads them at build time is refused, saying so.
 */
export function checkPluginOperations(definition: PluginDefinition): void {
  const noServices = new Proxy({} as PluginServices, {
    get: (_target, key) => {
      throw new PluginDefinitionError(`Plugin "${definition.name}": graphql() read "${String(key)}" while its schema was only being checked; read services in resolvers or onServerInit`);
    },
  });
  buildPluginSchema(definition, noServices);
}
