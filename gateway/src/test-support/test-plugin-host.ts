import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
// The 2.14 line, the last for Node 20, exports this type from here only.
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/index.js';
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
 * subscriptions with graphql-ws), /health, /health/live, /health/ready and an echo route.
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
  /** How many times `/health/ready` was asked. */
  readonly readyProbes: () => number;
  /** `false`: `/health/ready` answers 503, as a draining host does. */
  setReady(ready: boolean): void;
  /** Holds the next `count` answers of `/health/ready` back by `ms` (a busy machine). */
  slowReady(ms: number, count: number): void;
  /** `true`: every GraphQL POST is read, counted in `graphqlBodies`, and its connection dropped without an answer. */
  setResetGraphql(reset: boolean): void;
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
  let ready = true;
  let readyProbes = 0;
  let slow = { ms: 0, count: 0 };
  let resetGraphql = false;
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/health/live', (_req, res) => {
    res.json({ status: 'live' });
  });
  app.get('/health/ready', (_req, res) => {
    readyProbes += 1;
    const answer = () => void res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'draining' });
    if (slow.count === 0) return answer();
    slow = { ms: slow.ms, count: slow.count - 1 };
    setTimeout(answer, slow.ms);
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
    (req, _res, next) => {
      if (resetGraphql) req.socket.destroy();
      else next();
    },
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
    readyProbes: () => readyProbes,
    setReady: (value) => {
      ready = value;
    },
    slowReady: (ms, count) => {
      slow = { ms, count };
    },
    setResetGraphql: (value) => {
      resetGraphql = value;
    },
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
