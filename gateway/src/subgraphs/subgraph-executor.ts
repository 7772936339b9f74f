import { GraphQLError, print, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Executor } from '@graphql-tools/utils';
import type { Logger } from 'pino';
import type { GatewayContext } from '../graphql/gateway-context.js';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
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

/**
 * The planner's way to a subgraph: POSTs the sub-operation over the host's keep-alive pool with the
 * client's headers. A host that is down or unreachable yields PLUGIN_UNAVAILABLE naming it, which the
 * stitching layer turns into errors on exactly the fields that host serves.
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
    if (!subgraph || subgraph.status !== 'up') return unavailable();
    const context = request.context;
    try {
      const response = await subgraph.pool.request({
        method: 'POST',
        path: `${subgraph.basePath}/graphql`,
        headers: {
          ...context?.forwardHeaders,
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          'apollo-require-preflight': 'true',
          'accept-encoding': 'identity',
        },
        body: JSON.stringify({
          query: printOnce(request.document),
          variables: request.variables,
          operationName: request.operationName,
        }),
      });
      const setCookie = response.headers['set-cookie'];
      if (context && setCookie) context.setCookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      const text = await response.body.text();
      try {
        return JSON.parse(text) as ExecutionResult;
      } catch {
        logger.warn({ plugin: name, status: response.statusCode }, 'subgraph answered without JSON');
        return unavailable();
      }
    } catch (error) {
      logger.warn({ plugin: name, err: error }, 'subgraph request failed');
      return unavailable();
    }
  };
  return executor as Executor;
}
