import { execute, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { GatewayContext } from './gateway-context.js';
import { formatErrors } from './format-errors.js';

export interface PlannedResult {
  status: number;
  body: { data?: unknown; errors?: GraphQLFormattedError[]; extensions?: unknown };
}

/**
 * Runs an operation through the federation planner (the stitched supergraph schema), which splits it
 * into sub-operations per subgraph and merges the answers; fields of an unavailable plugin come back as
 * null with PLUGIN_UNAVAILABLE errors while the rest resolves.
 */
export async function executePlanned(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
  context: GatewayContext,
  dev: boolean,
): Promise<PlannedResult> {
  const result = await execute({ schema, document, variableValues: variables, operationName, contextValue: context });
  const body: PlannedResult['body'] = {};
  if (result.errors) {
    const errors = formatErrors(result.errors, dev);
    // No `data` at all means the request was rejected before execution (bad variables, unknown operation).
    if (!('data' in result)) {
      for (const error of errors) {
        if (error.extensions?.['code'] === 'INTERNAL') error.extensions['code'] = 'BAD_USER_INPUT';
      }
      return { status: 400, body: { errors } };
    }
    body.errors = errors;
  }
  body.data = result.data;
  return { status: 200, body };
}
