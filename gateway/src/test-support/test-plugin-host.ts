import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema, type GraphQLResolverMap } from '@apollo/subgraph';
import { GraphQLError, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';

export interface HostContext {
  headers: http.IncomingHttpHeaders;
  res: express.Response;
}

export interface TestPluginHostOptions {
  name: string;
  typeDefs: string;
  resolvers: GraphQLResolverMap<HostContext>;
  /** Listen on this port (e.g. to stand in for a redeployed host); a free one when omitted. */
  port?: number;
}

/**
 * A plugin host as the gateway sees one: a Federation v2 subgraph at /graphql (HTTP, and websocket
 * subscriptions with graphql-ws), /health and an echo route.
 */
export interface TestPluginHost {
  readonly name: string;
  readonly url: string;
  /** Raw bodies of the GraphQL requests it received, in order. */
  readonly graphqlBodies: string[];
  /** Headers of the GraphQL requests it received, in the same order. */
  readonly graphqlHeaders: http.IncomingHttpHeaders[];
  /** Headers of the websocket upgrade requests it received, in order. */
  readonly upgradeHeaders: http.IncomingHttpHeaders[];
  /** Stops listening and drops every connection, websockets too (as if the process died); the port stays reserved for `start`. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startTestPluginHost(options: TestPluginHostOptions): Promise<TestPluginHost> {
  const schema = buildSubgraphSchema([{ typeDefs: parse(options.typeDefs), resolvers: options.resolvers }]);
  const apollo = new ApolloServer<HostContext>({ schema, plugins: [ApolloServerPluginInlineTraceDisabled()] });
  await apollo.start();

  const graphqlBodies: string[] = [];
  const graphqlHeaders: http.IncomingHttpHeaders[] = [];
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.all('/echo', express.raw({ type: () => true, limit: '10mb' }), (req, res) => {
    res.status(201).set('x-plugin', options.name).json({
      method: req.method,
      path: req.originalUrl,
      headers: req.headers,
      body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
    });
  });
  app.use(
    '/graphql',
    express.json({
      verify: (req, _res, buffer) => {
        graphqlBodies.push(buffer.toString('utf8'));
        graphqlHeaders.push(req.headers);
      },
    }),
    expressMiddleware(apollo, { context: async ({ req, res }) => ({ headers: req.headers, res }) }),
  );

  // Subscriptions need a cookie, standing in for the plugin host's own login check.
  const upgradeHeaders: http.IncomingHttpHeaders[] = [];
  const webSockets = new WebSocketServer({ noServer: true });
  useServer(
    {
      schema,
      context: ({ extra }) => ({ headers: extra.request.headers }),
      onSubscribe: ({ extra }) =>
        extra.request.headers.cookie ? undefined : [new GraphQLError('You must be logged in', { extensions: { code: 'UNAUTHENTICATED' } })],
    },
    webSockets,
  );
  const createServer = (): http.Server => {
    const created = http.createServer(app);
    created.on('upgrade', (req, socket, head) => {
      upgradeHeaders.push(req.headers);
      webSockets.handleUpgrade(req, socket, head, (webSocket) => webSockets.emit('connection', webSocket, req));
    });
    return created;
  };

  let server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let listening = true;

  const stop = async (): Promise<void> => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    for (const webSocket of webSockets.clients) webSocket.terminate();
    await closed;
  };

  return {
    name: options.name,
    url: `http://127.0.0.1:${port}`,
    graphqlBodies,
    graphqlHeaders,
    upgradeHeaders,
    stop,
    async start() {
      if (listening) return;
      server = createServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      listening = true;
    },
    async dispose() {
      await stop();
      await new Promise((resolve) => webSockets.close(resolve));
      await apollo.stop();
    },
  };
}
