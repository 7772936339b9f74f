import { EventEmitter } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { capConnectionsPerAddress, graphqlLimitsWith, limitedServerOptions, operationLimitsRule, permissionsAnnounceQueue, subgraphSigningKey } from '@lattice/contracts';
import { observeRequests } from '@lattice/contracts/http-observability';
import { declaredActions, publicOperationNames, type PluginDefinition, type PluginRequestContext, type PluginRuntime, type PluginServices } from '@lattice/plugin-sdk';
import express, { type Express, type Request, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { PubSub } from 'graphql-subscriptions';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { createActivityRecorder, noActivityRecorder, type ActivityRecorder } from '../activity/activity-recorder.js';
import { recordChangesOf } from '../activity/record-model-changes.js';
import { publicFieldNames } from '../auth/public-fields.js';
import { createRequestAuth, type RequestAuth } from '../auth/read-request-user.js';
import { createSessionChecker } from '../auth/session-checker.js';
import { requireAuthentication } from '../auth/require-authentication.js';
import { serveDashboardQueues } from '../dashboard/serve-dashboard-queues.js';
import { buildPluginSchema } from '../graphql/build-plugin-schema.js';
import { checkDeadlineBeforeResolvers, executionDeadline } from '../graphql/execution-deadline.js';
import { ListBounds, realListCost } from '../graphql/real-list-cost.js';
import { createErrorFormatter } from '../graphql/format-error.js';
import { refusalStatus } from '../graphql/refusal-status.js';
import { announceIntegrationKind } from './announce-integration-kind.js';
import { connectDatabase } from './connect-database.js';
import { waitForHandOver } from './drain-hand-over.js';
import { gatewayOnlyUpgrades, graphqlDoor } from './graphql-door.js';
import { createHttpErrorHandler } from './http-error-handler.js';
import { createPluginBrokerClient, type PluginBrokerClient } from './plugin-broker-client.js';
import { currentRequestScope, requestIdHeader, requestIdOf, runWithRequestId, setRequestUser } from './request-scope.js';
import { serveSubscriptions } from './serve-subscriptions.js';
import type { StartPluginOptions } from './start-plugin.js';
import type { TeardownStack } from './teardown-stack.js';
import { expressRequestAndResponse } from './upgrade-request.js';

// The phases of a plugin host's start, in order. Each pushes what undoes it on the host's teardown stack as soon
// as it has something to undo; `startPlugin` runs them and unwinds the stack when one fails.

export type HostPhase = 'services' | 'http app' | 'apollo' | 'subscriptions' | 'plugin init' | 'listen' | 'announce';

/** What the services phase hands to every later phase. */
export interface HostServices {
  definition: PluginDefinition;
  options: StartPluginOptions;
  name: string;
  debug: Logger;
  dev: boolean;
  db: Connection;
  broker: PluginBrokerClient;
  services: PluginServices;
  auth: RequestAuth;
  publicFields: ReadonlySet<string>;
  formatError: ReturnType<typeof createErrorFormatter>;
  /** Records the plugin's changes into the activity log (nothing without the logs plugin). */
  activity: ActivityRecorder;
  /** What onServerInit returned: set before the host listens, so no request can see it unset. */
  runtime?: PluginRuntime;
}

export interface HostHttp {
  app: Express;
  /** The app with metrics, `/metrics` and the access log: what the server and in-process callers hand requests to. */
  listener: RequestListener;
  httpServer: Server;
  /** True from the moment the host stops: /health/ready answers 503 so gateways send requests elsewhere. */
  draining: boolean;
  /** When (performance.now()) the host last took a request other than a probe: a draining host waits for quiet. */
  lastRequestAt: number;
  requestContext(req: Request, res: Response): Promise<PluginRequestContext>;
}

/** Services: the database, the broker client, pub/sub and the request authentication the plugin's code uses. */
export async function startServices(definition: PluginDefinition, options: StartPluginOptions, debug: Logger, teardown: TeardownStack): Promise<HostServices> {
  const { name } = definition;
  const dev = options.dev ?? false;
  const db = await connectDatabase(options.mongoUrl, options.dbName ?? name, `lattice-${name}`);
  teardown.push('services', 'plugin', () => db.close());
  const broker = createPluginBrokerClient(options.broker, name);
  teardown.push('services', 'plugin', () => broker.detach());
  const activity = options.recordActivity ? createActivityRecorder(name, broker.client, definition.activityLog, debug) : noActivityRecorder(name);
  recordChangesOf(db, activity);
  // Before the broker client detaches: the entries of the last requests still leave.
  teardown.push('services', 'plugin', () => activity.flush());
  const services: PluginServices = {
    db,
    messageBrokerClient: broker.client,
    pubsubClient: options.pubsub ?? new PubSub(),
    debug,
    env: { ...process.env, ...options.extraEnv },
    authTokenSecret: options.authTokenSecret,
    activityLog: activity.log,
  };
  const auth = createRequestAuth(options.authTokenSecret, createSessionChecker({ broker: broker.client, pubsub: services.pubsubClient, logger: debug, graceMs: options.sessionGraceMs }), debug);
  teardown.push('services', 'serving', () => auth.stop());
  const publicFields = publicFieldNames(publicOperationNames(definition.operations), dev);
  return { definition, options, name, debug, dev, db, broker, services, auth, publicFields, activity, formatError: createErrorFormatter(debug, dev) };
}

/** The HTTP app: request ids, /health/live and /health/ready; the routes of later phases are added to it. */
export function createHttpApp(host: HostServices): HostHttp {
  const app = express();
  app.disable('x-powered-by');
  // The gateway (and the reverse proxy in front of it) reach plugin hosts over loopback and say who the
  // client was in X-Forwarded-For; req.ip is then that client, which login throttling counts by.
  app.set('trust proxy', 'loopback');
  const permissions = host.definition.permissions ?? {};
  const actions = new Set(declaredActions(host.name, permissions).keys());
  // The request's scope, kept past its end so the access line can name the user the request acted for.
  const scopes = new WeakMap<object, ReturnType<typeof currentRequestScope>>();
  const observed = observeRequests(app, {
    role: `plugin:${host.name}`,
    accessLog: host.debug,
    fields: (req) => ({ userId: scopes.get(req)?.userId }),
  });
  const http: HostHttp = {
    app,
    listener: observed,
    httpServer: limitedServer(observed),
    draining: false,
    lastRequestAt: -Infinity,
    requestContext: async (req, res) => {
      const user = await host.auth.readUser(req);
      setRequestUser(user?._id, user?.permissions);
      const base: PluginRequestContext = { ...host.services, ...host.runtime?.context, req, res, user, plugin: host.name, permissions, declaredActions: actions };
      return host.definition.apolloServerContext ? host.definition.apolloServerContext(base, req) : base;
    },
  };
  app.use((req, res, next) => {
    if (!req.path.startsWith('/health') && req.path !== '/metrics') http.lastRequestAt = performance.now();
    // While draining, no connection is kept for a next request that could meet it closing.
    if (http.draining) res.setHeader('connection', 'close');
    const requestId = requestIdOf(req.headers);
    res.setHeader(requestIdHeader, requestId);
    runWithRequestId(requestId, () => {
      scopes.set(req, currentRequestScope());
      next();
    });
  });
  app.get('/health/live', (_req, res) => {
    res.json({ status: 'live', plugin: host.name });
  });
  const ready = (_req: Request, res: Response) => {
    const problem = http.draining
      ? 'stopping'
      : host.db.readyState !== 1
        ? 'database unavailable'
        : !host.options.broker.isConnected()
          ? 'broker unavailable'
          : undefined;
    res.status(problem ? 503 : 200).json({ status: problem ?? 'ok', plugin: host.name });
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
  return http;
}

/** Apollo: the plugin's subgraph at /graphql behind the gateway-only door. Stopping it closes the HTTP server. */
export async function startApollo(host: HostServices, http: HostHttp, teardown: TeardownStack): Promise<GraphQLSchema> {
  const { options } = host;
  const limits = graphqlLimitsWith(options.limits);
  const schema = buildPluginSchema(host.definition, host.services, host.activity);
  const listBounds = new ListBounds(host.definition, host.services, host.debug);
  checkDeadlineBeforeResolvers(schema);
  const apollo = new ApolloServer<PluginRequestContext>({
    schema,
    formatError: host.formatError,
    includeStacktraceInErrorResponses: host.dev,
    // The process owner (lattice start, or a plugin host) handles signals and stops every part in order.
    stopOnTerminationSignals: false,
    introspection: host.dev,
    // The gateway's limits again: a request that reached this door is held to the same numbers.
    validationRules: [operationLimitsRule(limits)],
    parseOptions: { maxTokens: limits.maxTokens },
    plugins: [
      // Stops accepting connections and waits for the requests in flight when Apollo stops.
      ApolloServerPluginDrainHttpServer({ httpServer: http.httpServer }),
      // Inline traces serve Apollo's hosted studio, which Lattice does not use.
      ApolloServerPluginInlineTraceDisabled(),
      // Cache-control hints are not used (answers are per user): its hook on every field cost ~2% of a long list.
      ApolloServerPluginCacheControlDisabled(),
      requireAuthentication(host.publicFields),
      executionDeadline(limits.deadlineMs, limits.maxListItems),
      ...(listBounds.declared ? [realListCost<PluginRequestContext>({ ...limits, maxCost: limits.maxRealCost }, listBounds)] : []),
      refusalStatus(),
    ],
  });
  await apollo.start();
  teardown.push('apollo', 'serving', () => apollo.stop());
  http.app.use(
    '/graphql',
    ...graphqlDoor(subgraphSigningKey(options.authTokenSecret), host.definition.name, host.debug, limits),
    expressMiddleware(apollo, { context: ({ req, res }) => http.requestContext(req, res) }),
  );
  return schema;
}

/** Subscriptions over websocket on /graphql, for the upgrades the gateway signed only. */
export function startSubscriptions(host: HostServices, http: HostHttp, schema: GraphQLSchema, teardown: TeardownStack): void {
  // serveSubscriptions only listens for 'upgrade' on the server it is given: this one hears only signed upgrades.
  const signedUpgrades = new EventEmitter();
  const signingKey = subgraphSigningKey(host.options.authTokenSecret);
  http.httpServer.on('upgrade', gatewayOnlyUpgrades(signingKey, host.definition.name, host.debug, (...upgrade) => signedUpgrades.emit('upgrade', ...upgrade)));
  const subscriptions = serveSubscriptions({
    httpServer: signedUpgrades as unknown as Server,
    path: '/graphql',
    schema,
    context: async (request) => {
      const { req, res } = expressRequestAndResponse(http.app, request);
      return http.requestContext(req, res);
    },
    session: (request) => host.auth.subscriptionSession(request.headers),
    publicFields: host.publicFields,
    formatError: host.formatError,
    // What one websocket message may carry: the same as one GraphQL request's body.
    maxPayloadBytes: graphqlLimitsWith(host.options.limits).maxBodyBytes,
    dev: host.dev,
  });
  // Upgraded sockets keep the HTTP server open, so they close before Apollo closes it.
  teardown.push('subscriptions', 'serving', () => subscriptions.stop());
}

/**
 * Plugin init: onServerInit (consumers, routes, the runtime its resolvers get). Undone once nothing is served:
 * no new broker message reaches the plugin, those being handled finish, then the plugin's own stop runs.
 */
export async function initPlugin(host: HostServices, http: HostHttp, teardown: TeardownStack): Promise<void> {
  const { definition, broker, debug } = host;
  teardown.push('plugin init', 'plugin', async () => {
    broker.detach();
    await broker.settled();
    try {
      await host.runtime?.stop?.();
    } catch (error) {
      debug.error({ err: error }, 'the plugin failed to stop cleanly');
    }
  });
  host.runtime = (await definition.onServerInit?.({ ...host.services, app: http.app })) ?? undefined;
  await serveDashboardQueues(definition, host.db, broker.client, debug);
  // The core keeps every plugin's permissions, so that currentUser.permissions covers plugins on other hosts too.
  if (definition.permissions && Object.keys(definition.permissions).length > 0) {
    await broker.client.sendMessage(permissionsAnnounceQueue.name, permissionsAnnounceQueue.payload.parse({ plugin: host.name, permissions: definition.permissions }));
  }
  http.app.use(createHttpErrorHandler(debug, host.dev));
}

/**
 * Listen: the port (0: one the OS picks). Undone by saying "stopping" for the drain delay, then, with a drain grace,
 * for as long as requests still come (the last replica serves until the next is ready); Apollo then closes it.
 */
export async function listen(host: HostServices, http: HostHttp, teardown: TeardownStack): Promise<{ url: string; port: number }> {
  const { options, name } = host;
  const listenHost = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.httpServer.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') return reject(error);
      reject(Object.assign(new Error(`plugin "${name}" cannot listen on ${listenHost}:${options.port}: another program uses that port`), { code: error.code }));
    });
    http.httpServer.listen(options.port ?? 0, listenHost, () => resolve());
  });
  teardown.push('listen', 'serving', async () => {
    http.draining = true;
    const startedAt = performance.now();
    const ended = await waitForHandOver(() => http.lastRequestAt, options);
    host.debug.info({ ended, drainedMs: Math.round(performance.now() - startedAt) }, 'plugin host stops accepting requests');
  });
  const { port } = http.httpServer.address() as AddressInfo;
  host.debug.debug({ port }, 'plugin host listening');
  const reachableHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return { url: `http://${reachableHost}:${port}`, port };
}

/** Announce: an integration plugin tells the inbox its kind now and every interval while it runs. */
export async function announce(host: HostServices, teardown: TeardownStack): Promise<void> {
  const inboxIntegration = host.definition.meta?.inboxIntegration;
  if (!inboxIntegration) return;
  const stopAnnouncing = await announceIntegrationKind(host.broker.client, inboxIntegration, host.debug, host.options.kindAnnounceIntervalMs, host.broker.consumesRPC);
  teardown.push('announce', 'serving', stopAnnouncing);
}

/** A host's HTTP server with the platform's timeouts and per-address connection cap (contracts' server limits). */
function limitedServer(app: RequestListener): Server {
  const server = createServer(limitedServerOptions(), app);
  capConnectionsPerAddress(server);
  return server;
}
