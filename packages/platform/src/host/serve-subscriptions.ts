import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { asksOnlyFor } from '../auth/public-fields.js';
import { sessionUnverifiable } from '../auth/read-request-user.js';
import { SessionsUnavailableError } from '../auth/session-checker.js';
import type { PluginRequestContext } from '@lattice/plugin-sdk';
import { endWithSession, type SubscriptionSession } from './session-expiry.js';

export interface SubscriptionServerOptions {
  httpServer: Server;
  /** The path websocket clients connect to: the same as the subgraph's HTTP path. */
  path: string;
  schema: GraphQLSchema;
  /** The context an HTTP request gets, built for one subscription from the websocket's upgrade request. */
  context: (request: IncomingMessage) => Promise<PluginRequestContext>;
  /** The login of the upgrade request: a subscription made with it ends when the token expires or the session is revoked. */
  session: (request: IncomingMessage) => Promise<SubscriptionSession | undefined>;
  /** Root fields that need no login. */
  publicFields: ReadonlySet<string>;
  /** The host's one error formatter, so codes and hidden internals are the same as over HTTP. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** The largest message a client may send, like the HTTP body limit. */
  maxPayloadBytes: number;
  /** Dev mode: an internal error's message may reach the client (as a close reason), as over HTTP. */
  dev: boolean;
}

export interface SubscriptionServer {
  /** Closes every subscription's socket (code 1001, going away) and stops accepting new ones. */
  stop(): Promise<void>;
}

// Apollo's codes for these, so the one formatter turns them into BAD_USER_INPUT as it does over HTTP.
type ClientErrorCode = 'GRAPHQL_PARSE_FAILED' | 'GRAPHQL_VALIDATION_FAILED' | 'BAD_USER_INPUT';

function withCode(error: GraphQLError, code: ClientErrorCode): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { ...error.extensions, code } });
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function parseQuery(query: string): DocumentNode | GraphQLError {
  try {
    return parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return withCode(error, 'GRAPHQL_PARSE_FAILED');
    throw error;
  }
}

/**
 * Serves GraphQL subscriptions over websocket (the graphql-ws protocol) on the subgraph's own path, with
 * the same schema, context and login rule as HTTP. Queries and mutations stay on HTTP.
 */
export function serveSubscriptions(options: SubscriptionServerOptions): SubscriptionServer {
  const { schema, formatError } = options;
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes });
  // A logged-in subscription's context → what ends its login.
  const sessionEnds = new WeakMap<PluginRequestContext, SubscriptionSession>();

  async function prepare(request: IncomingMessage, payload: SubscribePayload): Promise<ExecutionArgs | GraphQLError[]> {
    const document = parseQuery(payload.query);
    if (document instanceof GraphQLError) return [document];
    const invalid = validate(schema, document);
    if (invalid.length > 0) return invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
    const operation = getOperationAST(document, payload.operationName);
    if (!operation) return [badInput('The document has several operations: say which one with "operationName"')];
    if (operation.operation !== 'subscription') {
      return [badInput('Only subscriptions are served over websocket; send queries and mutations over HTTP')];
    }
    const variables = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {});
    if (variables.errors) return variables.errors.map((error) => withCode(error, 'BAD_USER_INPUT'));
    const contextValue = await options.context(request);
    if (!contextValue.user && !asksOnlyFor(options.publicFields, operation, document)) {
      // The core could not say whether the session is live: retryable, not logged out (issue 34).
      if (sessionUnverifiable(contextValue.req)) {
        const unavailable = new SessionsUnavailableError();
        return [new GraphQLError(unavailable.message, { originalError: unavailable })];
      }
      return [new GraphQLError('You must be logged in', { extensions: { code: 'UNAUTHENTICATED' } })];
    }
    const session = contextValue.user ? await options.session(request) : undefined;
    if (contextValue.user && !session) {
      // The session ended between building the context and now.
      return [new GraphQLError('You must be logged in', { extensions: { code: 'UNAUTHENTICATED' } })];
    }
    if (session) sessionEnds.set(contextValue, session);
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
  }

  const graphqlWs = useServer(
    {
      onSubscribe: async (ctx, _id, payload) => {
        try {
          return await prepare(ctx.extra.request, payload);
        } catch (error) {
          // A failing context (database down, a plugin's apolloServerContext throwing) fails this
          // subscription only, through the formatter, instead of closing the client's whole socket.
          return [new GraphQLError((error as Error).message, { originalError: error as Error })];
        }
      },
      onOperation: (_ctx, _id, _payload, args, result) => {
        const session = sessionEnds.get(args.contextValue as PluginRequestContext);
        if (!session || !(Symbol.asyncIterator in result)) return result;
        return endWithSession(result, session);
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        if (!result.errors) return result;
        return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => formatError(error.toJSON(), error)),
      isProd: !options.dev,
    },
    webSocketServer,
  );

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const { pathname } = new URL(request.url ?? '/', 'http://plugin-host');
    if (pathname !== options.path && pathname !== `${options.path}/`) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    webSocketServer.handleUpgrade(request, socket, head, (webSocket) => webSocketServer.emit('connection', webSocket, request));
  };
  options.httpServer.on('upgrade', onUpgrade);

  return {
    stop: async () => {
      options.httpServer.off('upgrade', onUpgrade);
      await graphqlWs.dispose();
    },
  };
}
