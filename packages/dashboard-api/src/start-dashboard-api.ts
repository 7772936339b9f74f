import { createServer } from 'node:http';
import { observeRequests } from '@lattice/contracts/http-observability';
import type { AddressInfo } from 'node:net';
import type { MessageBroker } from '@lattice/broker';
import { createSessionChecker } from '@lattice/platform';
import type { PubSubEngine } from 'graphql-subscriptions';
import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { readCaller } from './auth/read-caller.js';
import { createDashboardApiApp } from './dashboard-api-app.js';
import { createDashboardStore } from './dashboards/dashboard-store.js';
import { createDatasetCatalog } from './datasets/dataset-catalog.js';
import { capConnectionsPerAddress, limitedServerOptions } from '@lattice/contracts';

export interface StartDashboardApiOptions {
  /** 4300 in production; 0 picks a free port. */
  port: number;
  host?: string;
  broker: MessageBroker;
  /** Where the core announces revoked sessions (in-process, or Redis across processes). */
  pubsub: PubSubEngine;
  authTokenSecret: string;
  /** The enabled plugins (configs.json), whose datasets the API serves. */
  plugins: readonly string[];
  /** MongoDB of the install; the API keeps saved dashboards in its own database, `dbName`. */
  mongoUrl: string;
  dbName?: string;
  logger: Logger;
  /** How long an answer is kept; 10 s by default, 0 turns the cache off. */
  cacheMs?: number;
  queryTimeoutMs?: number;
  datasetsRefreshMs?: number;
}

export interface RunningDashboardApi {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The dashboard API (issue 31; SPEC.md's `/dashboard/api/`, port 4300): Cube's REST API over every plugin's
 * datasets, each query run by the plugin that owns the data, on its own database, asked over the broker.
 */
export async function startDashboardApi(options: StartDashboardApiOptions): Promise<RunningDashboardApi> {
  const logger = options.logger.child({ service: 'dashboard-api' });
  const db = await mongoose.createConnection(options.mongoUrl, { dbName: options.dbName ?? 'dashboard', appName: 'lattice-dashboard-api' }).asPromise();
  const sessions = createSessionChecker({ broker: options.broker, pubsub: options.pubsub, logger });
  try {
    const store = createDashboardStore(db);
    await store.ensureDefault();
    const app = createDashboardApiApp({
      broker: options.broker,
      catalog: createDatasetCatalog({ broker: options.broker, plugins: options.plugins, logger, refreshMs: options.datasetsRefreshMs }),
      store,
      readCaller: (req) => readCaller(req.headers, options.authTokenSecret, (sessionId) => sessions.check(sessionId), logger),
      logger,
      cacheMs: options.cacheMs ?? 10_000,
      queryTimeoutMs: options.queryTimeoutMs ?? 15_000,
      ready: () => (db.readyState !== 1 ? 'database unavailable' : !options.broker.isConnected() ? 'broker unavailable' : undefined),
    });
    const server = createServer(limitedServerOptions(), observeRequests(app, { role: 'dashboard-api', accessLog: logger }));
    capConnectionsPerAddress(server);
    const listenHost = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`the dashboard API cannot listen on ${listenHost}:${options.port}: another program uses that port`) : error),
      );
      server.listen(options.port, listenHost, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const shownHost = listenHost === '0.0.0.0' ? '127.0.0.1' : listenHost;
    return {
      url: `http://${shownHost}:${port}`,
      port,
      stop: async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await sessions.stop();
        await db.close();
      },
    };
  } catch (error) {
    await sessions.stop();
    await db.close();
    throw error;
  }
}
