import { GraphQLError, Kind, OperationTypeNode, print, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Executor } from '@graphql-tools/utils';
import type { Logger } from 'pino';
import type { GatewayContext } from '../graphql/gateway-context.js';
import { pluginUnavailableMessage } from '../graphql/gateway-errors.js';
import { callReplica, type RetryPolicy } from './call-replica.js';
import { requestKey } from './in-flight-requests.js';
import type { SubgraphRegistry } from './subgraph-registry.js';
import { NoAnswerError } from './transport-failure.js';

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
 * The planner's way to a subgraph: POSTs the sub-operation over a replica's keep-alive pool with the
 * client's headers (callReplica picks the replica and retries where that is safe); identical queries in
 * flight at once share one call (InFlightRequests), each waiter parsing the answer for itself. A plugin with no
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
    if (!subgraph || subgraph.status !== 'up') return unavailable();
    const context = request.context;
    const body = JSON.stringify({
      query: printOnce(request.document),
      variables: request.variables,
      operationName: request.operationName,
    });
    const retry = retryPolicy(request.document);
    const call = { plugin: subgraph, retry, logger, reqId: context?.reqId };
    const forwardHeaders = context?.forwardHeaders ?? {};
    // Only queries are shared; the planner never sends a subscription over HTTP.
    const key = context?.inFlight?.enabled && retry === 'refused-or-reset' ? requestKey('planned', name, forwardHeaders, body) : undefined;
    const send = () =>
      callReplica(call, async (replica) => {
        const response = await replica.pool
          .request({
            method: 'POST',
            path: `${replica.basePath}/graphql`,
            headers: {
              ...forwardHeaders,
              'content-type': 'application/json',
              accept: 'application/graphql-response+json, application/json',
              'apollo-require-preflight': 'true',
              'accept-encoding': 'identity',
              ...replica.signature('POST', body),
            },
            body,
          })
          .catch((error: unknown) => {
            throw new NoAnswerError(error);
          });
        return { statusCode: response.statusCode, setCookie: response.headers['set-cookie'], text: await response.body.text() };
      });
    try {
      const shared = context?.inFlight?.share(key, send);
      if (shared?.joined) logger.debug({ reqId: call.reqId, plugin: name }, 'sharing an identical subgraph request in flight');
      const answer = await (shared ? shared.answer : send());
      if (!answer) return unavailable();
      const { setCookie } = answer;
      if (context && setCookie) context.setCookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
      try {
        return JSON.parse(answer.text) as ExecutionResult;
      } catch {
        logger.warn({ reqId: call.reqId, plugin: name, status: answer.statusCode }, 'subgraph answered without JSON');
        return unavailable();
      }
    } catch (error) {
      logger.warn({ reqId: call.reqId, plugin: name, err: error }, 'subgraph request failed');
      return unavailable();
    }
  };
  return executor as Executor;
}
