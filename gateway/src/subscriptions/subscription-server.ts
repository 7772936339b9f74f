import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs, ExecutionResult, FormattedExecutionResult } from 'graphql';
import type { SubscribePayload } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import { formatError } from '../graphql/format-errors.js';
import { gatewayError, pluginUnavailableError } from '../graphql/gateway-errors.js';
import type { OperationPreparer } from '../graphql/operation-preparer.js';
import { headersForPluginUpgrade } from '../http/forwarded-headers.js';
import { requestIdOf } from '../http/request-id.js';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { clientAddress } from './client-address.js';
import { PluginConnections } from './plugin-connections.js';
import { PluginSubscriptionErrors, relayPluginResults } from './relay-plugin-results.js';
import { routeSubscription } from './route-subscription.js';

export interface SubscriptionServerDeps {
  registry: SubgraphRegistry;
  /** The current composition, or undefined before any plugin has been seen. */
  preparer: () => OperationPreparer | undefined;
  dev: boolean;
  logger: Logger;
  /** Subscriptions one client connection may hold at once; each holds a listener in a plugin. */
  maxPerConnection: number;
  /** Connections one client (`clientAddress`) may hold at once; the next upgrade gets 429. */
  maxConnectionsPerClient: number;
  /** A client whose unsent data (ws `bufferedAmount`) passes this is disconnected: it is not reading. */
  maxBufferedBytes: number;
  /** What one websocket message may carry: the same as one GraphQL request's body (`limits.maxBodyBytes`). */
  maxPayloadBytes: number;
}

export interface SubscriptionServer {
  /** Takes over an upgrade request already checked for path and origin. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every client socket (code 1001, going away) and the connections to the plugins. */
  stop(): Promise<void>;
}

/** What onSubscribe hands to subscribe for one operation. */
interface Forwarding {
  plugins: readonly string[];
  payload: SubscribePayload;
  connections: PluginConnections;
  reqId: string;
  /** Disconnects this client: it stopped reading while results piled up for it. */
  disconnectSlowClient: () => void;
}

/**
 * `/graphql` over websocket (graphql-ws protocol): each subscription is checked like an HTTP operation,
 * then forwarded whole over graphql-ws to the plugin that serves it, with the client's cookie and
 * headers; the plugin's results come back unchanged. Authentication is the plugin's, as over HTTP.
 */
export function createSubscriptionServer(deps: SubscriptionServerDeps): SubscriptionServer {
  const { registry, dev, logger } = deps;
  const webSocketServer = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes });
  const connectionsByClient = new Map<string, number>();
  const open = new Set<PluginConnections>();
  // The handshake's answer names the request id, as every HTTP answer does.
  webSocketServer.on('headers', (headers, req) => headers.push(`X-Request-Id: ${requestIdOf(req)}`));

  const graphqlWs = useServer<Record<string, unknown>, { connections: PluginConnections }>(
    {
      onSubscribe: (ctx, _id, payload) => {
        // graphql-ws has already counted this one.
        if (Object.keys(ctx.subscriptions).length > deps.maxPerConnection) {
          return [
            gatewayError(
              `A connection may hold at most ${deps.maxPerConnection} subscriptions at once: complete some, or open another connection`,
              'BAD_USER_INPUT',
            ),
          ];
        }
        const preparer = deps.preparer();
        if (!preparer) return [gatewayError('No plugin has joined the gateway yet', 'PLUGIN_UNAVAILABLE')];
        const routed = routeSubscription(preparer, payload);
        if (!routed.ok) return [...routed.errors];
        if (!ctx.extra.connections) {
          ctx.extra.connections = new PluginConnections(headersForPluginUpgrade(ctx.extra.request), ctx.connectionParams);
          open.add(ctx.extra.connections);
        }
        const forwarding: Forwarding = {
          plugins: routed.plugins,
          payload,
          connections: ctx.extra.connections,
          reqId: requestIdOf(ctx.extra.request),
          disconnectSlowClient: () => {
            logger.warn({ reqId: requestIdOf(ctx.extra.request) }, 'websocket client disconnected: it stopped reading its data');
            ctx.extra.socket.terminate();
          },
        };
        const { schema } = preparer.supergraph;
        return { schema, document: routed.document, operationName: payload.operationName, contextValue: forwarding };
      },
      subscribe: (args: ExecutionArgs) => {
        const { plugins, payload, connections, reqId, disconnectSlowClient } = args.contextValue as Forwarding;
        const replica = plugins.map((name) => registry.get(name)).find((state) => state?.status === 'up')?.pick();
        // One result, then complete: the same answer as when the plugin goes away mid-subscription.
        if (!replica) return { errors: [pluginUnavailableError(plugins[0] ?? 'unknown')] } as unknown as ExecutionResult;
        const slow = { maxQueuedBytes: deps.maxBufferedBytes, onSlowClient: disconnectSlowClient };
        return relayPluginResults(connections.clientFor(replica), payload, replica, logger.child({ reqId }), slow) as AsyncIterableIterator<ExecutionResult>;
      },
      // Results are the plugin's, formatted there; the gateway relays them as they are.
      onNext: (_ctx, _id, _payload, _args, result) => result as FormattedExecutionResult,
      onError: (_ctx, _id, _payload, errors) =>
        errors.flatMap((error) =>
          error.originalError instanceof PluginSubscriptionErrors ? error.originalError.errors : [formatError(error, dev)],
        ),
      onClose: async (ctx) => {
        const { connections } = ctx.extra;
        if (!connections) return;
        open.delete(connections);
        await connections.close();
      },
      // Outside dev an internal error's message never reaches the client, not even as a close reason.
      isProd: !dev,
    },
    webSocketServer,
  );

  return {
    handleUpgrade(req, socket, head) {
      const client = clientAddress(req);
      const held = connectionsByClient.get(client) ?? 0;
      if (held >= deps.maxConnectionsPerClient) {
        logger.warn({ reqId: requestIdOf(req), client, held }, 'websocket refused: the client holds too many connections');
        const body = JSON.stringify({
          error: `A client may hold at most ${deps.maxConnectionsPerClient} websocket connections at once`,
          code: 'FORBIDDEN',
        });
        socket.end(
          `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json\r\n` +
            `X-Request-Id: ${requestIdOf(req)}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        return;
      }
      connectionsByClient.set(client, held + 1);
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        const left = (connectionsByClient.get(client) ?? 1) - 1;
        if (left <= 0) connectionsByClient.delete(client);
        else connectionsByClient.set(client, left);
      };
      socket.once('close', release);
      webSocketServer.handleUpgrade(req, socket, head, (webSocket) => {
        webSocket.once('close', release);
        disconnectWhenNotReading(webSocket, deps.maxBufferedBytes, () =>
          logger.warn({ reqId: requestIdOf(req), client }, 'websocket client disconnected: it stopped reading its data'),
        );
        webSocketServer.emit('connection', webSocket, req);
      });
    },
    async stop() {
      await graphqlWs.dispose();
      await Promise.all([...open].map((connections) => connections.close()));
      open.clear();
    },
  };
}

/**
 * Ends a socket whose unsent data passes `maxBufferedBytes` after a send: a client that stopped reading would
 * otherwise keep every event it is sent in the gateway's memory.
 */
function disconnectWhenNotReading(webSocket: WebSocket, maxBufferedBytes: number, onDisconnect: () => void): void {
  const send = webSocket.send.bind(webSocket) as (...args: unknown[]) => void;
  (webSocket as unknown as { send: (...args: unknown[]) => void }).send = (...args: unknown[]) => {
    send(...args);
    if (webSocket.bufferedAmount > maxBufferedBytes && webSocket.readyState === webSocket.OPEN) {
      onDisconnect();
      webSocket.terminate();
    }
  };
}
