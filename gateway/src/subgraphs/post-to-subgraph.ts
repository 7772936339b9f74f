import type { Logger } from 'pino';
import type { GatewayContext } from '../graphql/gateway-context.js';
import { callReplica, type RetryPolicy } from './call-replica.js';
import { requestKey } from './in-flight-requests.js';
import { tracedCall } from './traced-call.js';
import type { SubgraphState } from './subgraph-registry.js';
import { NoAnswerError } from './transport-failure.js';

/** A subgraph's answer to one operation, as text: each request that shares it parses it for itself. */
export interface SubgraphAnswer {
  statusCode: number;
  setCookie: string | string[] | undefined;
  text: string;
}

/**
 * POSTs an operation the gateway made (a planner sub-operation, or one part of a split query) to a replica
 * of `subgraph` with the client's headers; callReplica picks the replica and retries where `retry` allows.
 * Identical queries in flight at once share one call (InFlightRequests), one that asked for a fresh answer only
 * a call started after it arrived. Undefined when no replica
 * answered; throws when an answer broke off.
 */
export function postToSubgraph(
  subgraph: SubgraphState,
  body: string,
  retry: RetryPolicy,
  context: GatewayContext | undefined,
  logger: Logger,
): Promise<SubgraphAnswer | undefined> {
  const call = { plugin: subgraph, retry, logger, reqId: context?.reqId, caller: context?.caller };
  const forwardHeaders = context?.forwardHeaders ?? {};
  const send = () =>
    callReplica(call, (replica) => {
      const headers = {
        ...forwardHeaders,
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        'apollo-require-preflight': 'true',
        'accept-encoding': 'identity',
        ...replica.signature('POST', body),
      };
      return tracedCall(replica, '/graphql', headers, async (traced) => {
        const response = await replica.pool.request({ method: 'POST', path: `${replica.basePath}/graphql`, headers: traced, body, ...replica.graphqlTimeouts }).catch((error: unknown) => {
          throw new NoAnswerError(error);
        });
        return { statusCode: response.statusCode, setCookie: response.headers['set-cookie'], text: await response.body.text() };
      });
    });
  // Only queries are shared; the gateway never sends a subscription over HTTP.
  if (!context?.inFlight?.enabled || retry !== 'refused-or-reset') return send();
  const shared = context.inFlight.share(requestKey('planned', subgraph.name, forwardHeaders, body), send, context.freshSince);
  if (shared.joined) logger.debug({ reqId: call.reqId, plugin: subgraph.name }, 'sharing an identical subgraph request in flight');
  return shared.answer;
}
