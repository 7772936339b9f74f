import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { fetchStreamedAnswer, sendBufferedAnswer } from '../http/buffered-answer.js';
import { forwardToPlugin } from '../http/forward-to-plugin.js';
import { asksForFreshAnswer, withoutCacheDirectives } from '../http/fresh-answer.js';
import { headersForPlugin, type HeaderRecord } from '../http/forwarded-headers.js';
import { PayloadTooLargeError } from '../http/read-body.js';
import { sendJson, sendJsonText } from '../http/send-json.js';
import { requestIdOf } from '../http/request-id.js';
import { callerIdentity } from '../fairness/caller-identity.js';
import { TurnWaitTimeoutError } from '../fairness/fair-turns.js';
import { callReplica, type ReplicaCall } from '../subgraphs/call-replica.js';
import { requestKey, type InFlightRequests } from '../subgraphs/in-flight-requests.js';
import type { SubgraphRegistry, SubgraphState } from '../subgraphs/subgraph-registry.js';
import { SubgraphTimeoutError } from '../subgraphs/transport-failure.js';
import { answerStatus } from './answer-status.js';
import { executePlanned } from './execute-planned.js';
import { executeRootSplit } from './execute-root-split.js';
import type { GatewayContext } from './gateway-context.js';
import { formatErrors } from './format-errors.js';
import { pluginUnavailableError, type ErrorCode } from './gateway-errors.js';
import { readGraphqlRequest, RequestEnvelopeError, type GraphqlRequest } from './graphql-request.js';
import type { OperationPreparer, PreparedOperation } from './operation-preparer.js';
import type { GraphqlLimits } from '@lattice/contracts';

const responseTooLargeMessage = (maxBytes: number) => `The answer is larger than ${maxBytes} bytes: page the lists, or ask for less`;

export interface GraphqlHandlerDeps {
  registry: SubgraphRegistry;
  /** The current composition, or undefined before any plugin has been seen. */
  preparer: () => OperationPreparer | undefined;
  dev: boolean;
  logger: Logger;
  /** Identical queries in flight at once share one subgraph call (fast path and planner alike). */
  inFlight: InFlightRequests;
  /** The request body and response size limits (configs.json `limits` over GRAPHQL_LIMITS). */
  limits: Pick<GraphqlLimits, 'maxBodyBytes' | 'maxResponseBytes'>;
}

interface OperationToRun {
  request: GraphqlRequest;
  prepared: Extract<PreparedOperation, { ok: true }>;
  operation: ReturnType<typeof getOperationAST>;
  freshSince: number | undefined;
  schema: GraphQLSchema;
}

function sendError(res: ServerResponse, status: number, message: string, code: ErrorCode, headers: Record<string, string> = {}): void {
  sendJson(res, status, { errors: [{ message, extensions: { code } }] }, headers);
}

function firstUp(registry: SubgraphRegistry, names: readonly string[]): SubgraphState | undefined {
  for (const name of names) {
    const subgraph = registry.get(name);
    if (subgraph?.status === 'up') return subgraph;
  }
  return undefined;
}

/**
 * `/graphql`: an operation that one subgraph can answer whole is forwarded to it unchanged (fast path); a
 * query whose root fields each one subgraph answers whole is sent to them in parts and merged (root split);
 * everything else goes through the federation planner.
 */
export function createGraphqlHandler(deps: GraphqlHandlerDeps) {
  const { registry, dev, logger, inFlight, limits } = deps;

  /**
   * A query forwarded to `call.plugin` when deduplication is on: the request that makes the call has the
   * answer streamed to it as it arrives, and every identical request that joins while it runs is sent the
   * copy once it is whole. False when no replica answered (the planner answers then). `freshSince`: the
   * request asked for a fresh answer and joins only a call started after this mark.
   */
  async function forwardShared(
    res: ServerResponse,
    call: ReplicaCall,
    headers: HeaderRecord,
    body: Buffer,
    freshSince: number | undefined,
  ): Promise<boolean> {
    const key = requestKey('forwarded', call.plugin.name, headers, body);
    const { answer, joined } = inFlight.share(
      key,
      () =>
        callReplica(call, (replica) =>
          fetchStreamedAnswer(replica, { method: 'POST', path: '/graphql', headers: { ...headers, ...replica.signature('POST', body) }, body, graphql: true }, res),
        ),
      freshSince,
    );
    if (joined) logger.debug({ reqId: call.reqId, plugin: call.plugin.name }, 'sharing an identical subgraph request in flight');
    try {
      const shared = await answer;
      if (!shared) return false;
      if (joined) sendBufferedAnswer(res, shared);
    } catch (error) {
      if (error instanceof TurnWaitTimeoutError || error instanceof SubgraphTimeoutError) throw error;
      // The plugin stopped mid-answer: as when streaming, the client's connection is dropped.
      logger.warn({ reqId: call.reqId, plugin: call.plugin.name, err: error }, 'subgraph answer broke off');
      res.destroy(error instanceof Error ? error : undefined);
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, search: string): Promise<void> {
    // Taken on arrival: a call started after it read the data after the client sent this request.
    const freshSince = asksForFreshAnswer(req.headers) ? inFlight.mark() : undefined;
    let request: GraphqlRequest;
    try {
      request = await readGraphqlRequest(req, search, limits.maxBodyBytes);
    } catch (error) {
      // The rest of the body is never read: the connection closes after the answer.
      if (error instanceof PayloadTooLargeError) return sendError(res, 413, error.message, 'PAYLOAD_TOO_LARGE', { connection: 'close' });
      if (error instanceof RequestEnvelopeError) return sendError(res, error.status, error.message, 'BAD_USER_INPUT');
      throw error;
    }

    const preparer = deps.preparer();
    if (!preparer) {
      const waiting = registry.all().map(({ name }) => pluginUnavailableError(name));
      if (waiting.length === 0) return sendError(res, 503, 'No plugin is configured', 'PLUGIN_UNAVAILABLE');
      return sendJson(res, 503, { errors: waiting });
    }

    const prepared = preparer.prepare(request.query);
    if (!prepared.ok) return sendJson(res, 400, { errors: formatErrors(prepared.errors, dev) });

    const operation = getOperationAST(prepared.document, request.operationName);
    if (operation?.operation === 'subscription') {
      return sendError(res, 400, 'Subscriptions are served over websocket, not HTTP', 'BAD_USER_INPUT');
    }
    if (operation?.operation === 'mutation' && req.method === 'GET') {
      res.setHeader('allow', 'POST');
      return sendError(res, 405, 'Mutations must be sent with POST', 'BAD_USER_INPUT');
    }

    try {
      await execute(req, res, { request, prepared, operation, freshSince, schema: preparer.supergraph.schema });
    } catch (error) {
      if (!(error instanceof TurnWaitTimeoutError) && !(error instanceof SubgraphTimeoutError)) throw error;
      if (res.headersSent) return void res.destroy(error);
      sendError(res, 503, error.message, error instanceof SubgraphTimeoutError ? 'PLUGIN_UNAVAILABLE' : 'DEADLINE_EXCEEDED');
    }
  }

  /** Runs a prepared operation: the fast path, else the root split, else the planner. */
  async function execute(req: IncomingMessage, res: ServerResponse, operationToRun: OperationToRun): Promise<void> {
    const { request, prepared, operation, freshSince, schema } = operationToRun;
    const forwardHeaders = withoutCacheDirectives(headersForPlugin(req));
    const reqId = requestIdOf(req);
    const caller = callerIdentity(req);
    const target = request.rawBody && firstUp(registry, prepared.route);
    if (target && request.rawBody) {
      const mutation = operation?.operation === 'mutation';
      const { rawBody } = request;
      const call = { plugin: target, retry: mutation ? 'refused' : 'refused-or-reset', logger, reqId, caller } as const;
      const sent =
        inFlight.enabled && operation?.operation === 'query'
          ? await forwardShared(res, call, forwardHeaders, rawBody, freshSince)
          : await callReplica(call, (replica) => {
              const headers = { ...forwardHeaders, ...replica.signature('POST', rawBody) };
              return forwardToPlugin(replica, { method: 'POST', path: '/graphql', headers, body: rawBody, graphql: true }, res).then(() => true);
            });
      if (sent) return;
      // A mutation that may have reached the host is not sent again, not even by the planner.
      if (mutation) return sendJson(res, 200, { data: null, errors: [pluginUnavailableError(target.name)] });
      // No replica answered; the planner answers with PLUGIN_UNAVAILABLE on exactly that plugin's fields.
      logger.warn({ reqId, plugin: target.name }, 'fast path could not reach plugin; answering through the planner');
    }

    const context: GatewayContext = { reqId, caller, forwardHeaders, setCookies: [], inFlight, freshSince };
    const split = prepared.split && operation === prepared.split.operation ? prepared.split : undefined;
    const result =
      (split && (await executeRootSplit(split, registry, request.variables, context, logger))) ??
      (await executePlanned(schema, prepared.document, request.variables, request.operationName, context, dev));
    const text = JSON.stringify(result.body);
    if (text.length > limits.maxResponseBytes / 3 && Buffer.byteLength(text) > limits.maxResponseBytes) {
      logger.warn({ reqId, bytes: Buffer.byteLength(text) }, 'answer refused: past the response-size ceiling');
      return sendError(res, 500, responseTooLargeMessage(limits.maxResponseBytes), 'RESPONSE_TOO_LARGE');
    }
    sendJsonText(res, answerStatus(result), text, context.setCookies.length ? { 'set-cookie': context.setCookies } : {});
  }

  return handle;
}
