import { GraphQLError, Kind, OperationTypeNode, print, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Executor } from '@graphql-tools/utils';
import type { Logger } from 'pino';
import type { GatewayContext } from '../graphql/gateway-context.js';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
import { TurnWaitTimeoutError } from '../fairness/fair-turns.js';
import type { RetryPolicy } from './call-replica.js';
import { postToSubgraph } from './post-to-subgraph.js';
import { SubgraphTimeoutError } from './transport-failure.js';
import type { SubgraphRegistry } from './subgraph-registry.js';

const printed = new WeakMap<DocumentNode, string>();

function printOnce(document: DocumentNode): string {
  let text = printed.get(document);
  if (text === undefined) {
    text = print(document);
    printed.set(document, text);
  }
  return text;
}

function retryPolicy(document: DocumentNode): RetryPolicy {
  const mutates = document.definitions.some(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.MUTATION,
  );
  return mutates ? 'refused' : 'refused-or-reset';
}

/**
 * The planner's way to a subgraph: POSTs the sub-operation with the client's headers (postToSubgraph, which
 * shares identical queries in flight), each waiter parsing the answer for itself. A plugin with no
 * replica that answers yields PLUGIN_UNAVAILABLE naming it, which the stitching layer turns into errors
 * on exactly the fields that plugin serves.
 */
export function createSubgraphExecutor(registry: SubgraphRegistry, name: string, logger: Logger): Executor {
  const unavailable = (): ExecutionResult => ({
    data: null,
    errors: [new GraphQLError(pluginUnavailableMessage(name), { extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: name } })],
  });

  const executor = async (request: {
    document: DocumentNode;
    variables?: Record<string, unknown>;
    operationName?: string;
    context?: GatewayContext;
  }): Promise<ExecutionResult> => {
    const subgraph = registry.get(name);
    if (!subgraph || !(await subgraph.waitForReplica())) return unavailable();
    const context = request.context;
    const body = JSON.stringify({
      query: printOnce(request.document),
      variables: request.variables,
      operationName: request.operationName,
    });
    const reqId = context?.reqId;
    try {
      const answer = await postToSubgraph(subgraph, body, retryPolicy(request.document), context, logger);
      if (!answer) return unavailable();
      const { setCookie } = answer;
      if (context && setCookie) context.setCookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      try {
        return JSON.parse(answer.text) as ExecutionResult;
      } catch {
        logger.warn({ reqId, plugin: name, status: answer.statusCode }, 'subgraph answered without JSON');
        return unavailable();
      }
    } catch (error) {
      if (error instanceof TurnWaitTimeoutError) {
        return { data: null, errors: [new GraphQLError(error.message, { extensions: { code: 'DEADLINE_EXCEEDED', plugin: name } })] };
      }
      if (error instanceof SubgraphTimeoutError) {
        return { data: null, errors: [new GraphQLError(error.message, { extensions: { code: 'PLUGIN_UNAVAILABLE', plugin: name } })] };
      }
      logger.warn({ reqId, plugin: name, err: error }, 'subgraph request failed');
      return unavailable();
    }
  };
  return executor as Executor;
}
