import { EventEmitter } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import type { MessageBroker } from '@lattice/broker';
import { permissionsAnnounceQueue } from '@lattice/contracts';
import { GRAPHQL_LIMITS, operationLimitsRule, subgraphSigningKey, type GraphqlLimits } from '@lattice/gateway';
import express, { type Request, type Response } from 'express';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import type { Logger } from 'pino';
import { publicFieldNames } from '../auth/public-fields.js';
import { createRequestAuth } from '../auth/read-request-user.js';
import { createSessionChecker } from '../auth/session-checker.js';
import { requireAuthentication } from '../auth/require-authentication.js';
import { declaredActions, type PluginDefinition, type PluginRequestContext, type PluginRuntime, type PluginServices, validatePluginDefinition } from '@lattice/plugin-sdk';
import { serveDashboardQueues } from '../dashboard/serve-dashboard-queues.js';
import { buildPluginSchema } from '../graphql/build-plugin-schema.js';
import { executionDeadline } from '../graphql/execution-deadline.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { gatewayOnlyUpgrades, graphqlDoor } from './graphql-door.js';
import { announceIntegrationKind } from './announce-integration-kind.js';
import { connectDatabase } from './connect-database.js';
import { createLogger } from './create-logger.js';
import { createPluginBrokerClient } from './plugin-broker-client.js';
import { createHttpErrorHandler } from './http-error-handler.js';
import { serveSubscriptions } from './serve-subscriptions.js';
import { requestIdHeader, requestIdOf, runWithRequestId } from './request-scope.js';
import { expressRequestAndResponse } from './upgrade-request.js';

/** What one GraphQL request (or websocket message) may carry: the gateway's limit, the same at every door. */
const requestBodyLimitBytes = GRAPHQL_LIMITS.maxBodyBytes;

export interface StartPluginOptions {
  mongoUrl: string;
  /** The plugin's database; defaults to the plugin's name (configs.json `db_name`). */
  dbName?: string;
  broker: MessageBroker;
  pubsub?: PubSubEngine;
  /**
   * `jwt_token_secret`: every subgraph verifies login tokens with it, and only `/graphql` requests signed with a
   * key derived from it (by the gateway: `startGateway`'s `platformSecret`) are let in.
   */
  authTokenSecret: string;
  /** The plugin's configs.json `extra_env`, laid over the process's environment. */
  extraEnv?: Readonly<Record<string, string>>;
  /** 0 (the default) lets the OS pick a free port. */
  port?: number;
  host?: string;
  logger?: Logger;
  /** Dev mode: error messages of unexpected errors reach the client. */
  dev?: boolean;
  /** How often an integration plugin announces its kind to the inbox again; tests shorten it. */
  kindAnnounceIntervalMs?: number;
  /**
   * On stop, how long `/health/ready` answers 503 before the host stops accepting requests, so a gateway
   * sends new ones to another host first. 0 (the default) when no gateway elsewhere routes to this one.
   */
  drainDelayMs?: number;
  /** The execution deadline and the response ceiling, when not the gateway's (`GRAPHQL_LIMITS`); tests shorten them. */
  limits?: Partial<Pick<GraphqlLimits, 'deadlineMs' | 'maxResponseBytes'>>;
}

export interface RunningPlugin {
  name: string;
  definition: PluginDefinition;
  /** Base URL of the host: the subgraph is at `${url}/graphql`, health at `${url}/health`. */
  url: string;
  port: number;
  /** The host's request listener (its express app), for a gateway in the same process to call directly. */
  handleHttp: RequestListener;
  /**
   * Says it is not ready, waits `drainDelayMs`, ends websocket subscriptions, stops accepting and lets the
   * requests in flight finish. Resolves when no HTTP request is left; broker messages are still handled.
   */
  stopServing(): Promise<void>;
  /**
   * `stopServing`, then waits for the broker messages being handled, calls the plugin's own `stop` and closes
   * the database connection. Messages arriving after that are answered as the plugin being unavailable.
   */
  stop(): Promise<void>;
}

/** Hosts one API plugin: its subgraph at /graphql, /health/live and /health/ready, its own HTTP routes. */
export async function startPlugin(definition: PluginDefinition, options: StartPluginOptions): Promise<RunningPlugin> {
  validatePluginDefinition(definition);
  const { name } = definition;
  const debug = options.logger?.child({ plugin: name }) ?? createLogger(name);
  const dev = options.dev ?? false;
  const db = await connectDatabase(options.mongoUrl, options.dbName ?? name, `lattice-${name}`);
  const broker = createPluginBrokerClient(options.broker, name);
  const services: PluginServices = {
    db,
    messageBrokerClient: broker.client,
    pubsubClient: options.pubsub ?? new PubSub(),
    debug,
    env: { ...process.env, ...options.extraEnv },
    authTokenSecret: options.authTokenSecret,
  };
  const auth = createRequestAuth(options.authTokenSecret, createSessionChecker({ broker: broker.client, pubsub: services.pubsubClient, logger: debug }), debug);
  const permissions = definition.permissions ?? {};
  const actions = new Set(declaredActions(name, permissions).keys());
  const publicFields = publicFieldNames(definition.publicOperations ?? [], dev);

  // Set by onServerInit, before the host listens: no request can see it unset.
  let runtime: PluginRuntime | undefined = undefined;
  try {
    const schema = buildPluginSchema(definition, services);
    const app = express();
    app.disable('x-powered-by');
    // The gateway (and the reverse proxy in front of it) reach plugin hosts over loopback and say who the
    // client was in X-Forwarded-For; req.ip is then that client, which login throttling counts by.
    app.set('trust proxy', 'loopback');
    const httpServer = createServer(app);
    const formatError = createErrorFormatter(debug, dev);
    const requestContext = async (req: Request, res: Response): Promise<PluginRequestContext> => {
      const user = await auth.readUser(req);
      const base: PluginRequestContext = { ...services, ...runtime?.context, req, res, user, plugin: name, permissions, declaredActions: actions };
      return definition.apolloServerContext ? definition.apolloServerContext(base, req) : base;
    };
    const apollo = new ApolloServer<PluginRequestContext>({
      schema,
      formatError,
      includeStacktraceInErrorResponses: dev,
      // The process owner (lattice start, or a plugin host) handles signals and stops every part in order.
      stopOnTerminationSignals: false,
      // Inline traces serve Apollo's hosted studio, which Lattice does not use.
      introspection: dev,
      // The gateway's limits again: a request that reached this door is held to the same numbers.
      validationRules: [operationLimitsRule(GRAPHQL_LIMITS)],
      parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
      plugins: [
        ApolloServerPluginDrainHttpServer({ httpServer }),
        ApolloServerPluginInlineTraceDisabled(),
        requireAuthentication(publicFields),
        executionDeadline(options.limits?.deadlineMs ?? GRAPHQL_LIMITS.deadlineMs),
      ],
    });
    await apollo.start();

    let draining = false;
    app.use((req, res, next) => {
      const requestId = requestIdOf(req.headers);
      res.setHeader(requestIdHeader, requestId);
      runWithRequestId(requestId, next);
    });
    app.get('/health/live', (_req, res) => {
      res.json({ status: 'live', plugin: name });
    });
    const ready = (_req: Request, res: Response) => {
      const problem = draining
        ? 'stopping'
        : db.readyState !== 1
          ? 'database unavailable'
          : !options.broker.isConnected()
            ? 'broker unavailable'
            : undefined;
      res.status(problem ? 503 : 200).json({ status: problem ?? 'ok', plugin: name });
    };
    app.get('/health/ready', ready);
    app.get('/health', ready);
    const signingKey = subgraphSigningKey(options.authTokenSecret);
    app.use(
      '/graphql',
      ...graphqlDoor(signingKey, debug, options.limits?.maxResponseBytes),
      expressMiddleware(apollo, {
        context: ({ req, res }) => requestContext(req, res),
      }),
    );
    // Subscriptions see only the upgrades the gateway signed (serveSubscriptions only listens for 'upgrade' on it).
    const signedUpgrades = new EventEmitter();
    httpServer.on('upgrade', gatewayOnlyUpgrades(signingKey, debug, (...upgrade) => signedUpgrades.emit('upgrade', ...upgrade)));
    const subscriptions = serveSubscriptions({
      httpServer: signedUpgrades as unknown as Server,
      path: '/graphql',
      schema,
      context: async (request) => {
        const { req, res } = expressRequestAndResponse(app, request);
        return requestContext(req, res);
      },
      session: (request) => auth.subscriptionSession(request.headers),
      publicFields,
      formatError,
      maxPayloadBytes: requestBodyLimitBytes,
      dev,
    });
    runtime = (await definition.onServerInit?.({ ...services, app })) ?? undefined;
    await serveDashboardQueues(definition, db, broker.client, debug);
    // The core keeps every plugin's permissions, so that currentUser.permissions covers plugins on other hosts too.
    if (definition.permissions && Object.keys(definition.permissions).length > 0) {
      await broker.client.sendMessage(permissionsAnnounceQueue.name, permissionsAnnounceQueue.payload.parse({ plugin: name, permissions: definition.permissions }));
    }
    app.use(createHttpErrorHandler(debug, dev));

    const listenHost = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') return reject(error);
        reject(Object.assign(new Error(`plugin "${name}" cannot listen on ${listenHost}:${options.port}: another program uses that port`), { code: error.code }));
      });
      httpServer.listen(options.port ?? 0, listenHost, () => resolve());
    });
    const { port } = httpServer.address() as AddressInfo;
    const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
    debug.debug({ port }, 'plugin host listening');
    const inboxIntegration = definition.meta?.inboxIntegration;
    const stopAnnouncing = inboxIntegration
      ? await announceIntegrationKind(broker.client, inboxIntegration, debug, options.kindAnnounceIntervalMs)
      : () => undefined;

    let serving: Promise<void> | undefined;
    const stopServing = () =>
      (serving ??= (async () => {
        draining = true;
        stopAnnouncing();
        if (options.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
        // Upgraded sockets keep the HTTP server open, so they close first.
        await subscriptions.stop();
        await apollo.stop();
        await auth.stop();
      })());
    let stopped: Promise<void> | undefined;
    return {
      name,
      definition,
      url: `http://${host}:${port}`,
      port,
      handleHttp: app,
      stopServing,
      stop: () =>
        (stopped ??= (async () => {
          await stopServing();
          broker.detach();
          await broker.settled();
          try {
            await runtime?.stop?.();
          } catch (error) {
            debug.error({ err: error }, 'the plugin failed to stop cleanly');
          }
          await db.close();
        })()),
    };
  } catch (error) {
    await auth.stop();
    broker.detach();
    await runtime?.stop?.();
    await db.close();
    throw error;
  }
}
