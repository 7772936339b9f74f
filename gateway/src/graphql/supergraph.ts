import type { GraphQLSchema } from 'graphql';
import { getStitchedSchemaFromSupergraphSdl } from '@graphql-tools/federation';
import type { Logger } from 'pino';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { createSubgraphExecutor } from '../subgraphs/subgraph-executor.js';
import { composeSupergraph, type SubgraphSdl } from './compose-supergraph.js';
import { readFieldOwnership, type FieldOwnership } from './field-ownership.js';

/** One composition: the executable schema the planner runs and the ownership map the fast path reads. */
export interface Supergraph {
  readonly schema: GraphQLSchema;
  readonly ownership: FieldOwnership;
  /** Plugins composed in, in name order. */
  readonly plugins: readonly string[];
  readonly supergraphSdl: string;
}

export function buildSupergraph(subgraphs: SubgraphSdl[], registry: SubgraphRegistry, logger: Logger): Supergraph {
  const sorted = [...subgraphs].sort((a, b) => a.name.localeCompare(b.name));
  const composition = composeSupergraph(sorted);
  const urlToName = new Map(sorted.map(({ name, url }) => [`${url}/graphql`, name]));
  const schema = getStitchedSchemaFromSupergraphSdl({
    supergraphSdl: composition.supergraphDocumentNode,
    // Root fields of one subgraph in one request go out as one sub-operation.
    batch: true,
    onSubschemaConfig(config) {
      // The stitching layer names subschemas by their join__Graph enum value; the endpoint is ours.
      const name = urlToName.get(config.endpoint) ?? config.name;
      config.executor = createSubgraphExecutor(registry, name, logger);
    },
  });
  return {
    schema,
    ownership: readFieldOwnership(composition.supergraphDocumentNode),
    plugins: sorted.map(({ name }) => name),
    supergraphSdl: composition.supergraphSdl,
  };
}
