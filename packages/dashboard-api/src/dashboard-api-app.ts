import { callPluginRPC, can, ForbiddenError, httpStatusByCode, InputError, LatticeError, UnauthenticatedError, type AuthUser } from '@lattice/plugin-sdk';
import { dashboardLoadQueue, type DashboardRow } from '@lattice/contracts';
import type { MessageBroker } from '@lattice/broker';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createResultCache } from './cache/result-cache.js';
import { cubeLoadResult } from './cube/cube-load-result.js';
import { cubeOf } from './cube/cube-meta.js';
import { parseCubeQuery } from './cube/parse-cube-query.js';
import type { DashboardStore } from './dashboards/dashboard-store.js';
import type { DatasetCatalog } from './datasets/dataset-catalog.js';

export interface DashboardApiAppOptions {
  broker: MessageBroker;
  catalog: DatasetCatalog;
  store: DashboardStore;
  /** Who made a request (token or cookie, session checked with the core); undefined: not logged in. */
  readCaller: (req: Request) => Promise<AuthUser | undefined>;
  logger: Logger;
  /** How long an answer is kept (10 s by default; 0: off). */
  cacheMs: number;
  /** How long the owning plugin has to answer a query. */
  queryTimeoutMs: number;
  /** Whether the broker and the database are reachable, for `/health/ready`. */
  ready: () => string | undefined;
}

type Handler = (req: Request, res: Response) => Promise<void>;

const forbidden = (dataset: string, permission: string) =>
  new ForbiddenError(`Reading dataset "${dataset}" needs the "${permission}" permission, which you do not have`);

/** The dashboard API's routes: Cube's `/v1/meta` and `/v1/load`, and the saved dashboards under `/v1/dashboards`. */
export function createDashboardApiApp(options: DashboardApiAppOptions) {
  const { catalog, store, logger } = options;
  const cache = createResultCache<{ rows: DashboardRow[]; at: Date }>(options.cacheMs);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: '256kb' }));

  const withCaller = (handler: (req: Request, res: Response, user: AuthUser) => Promise<unknown>): Handler => async (req, res) => {
    const user = await options.readCaller(req);
    if (!user) throw new UnauthenticatedError();
    res.setHeader('Cache-Control', 'no-store');
    const body = await handler(req, res, user);
    if (!res.headersSent) res.json(body);
  };
  const route = (handler: Handler) => (req: Request, res: Response, next: NextFunction) => handler(req, res).catch(next);

  async function runQuery(input: unknown, user: AuthUser) {
    const query = parseCubeQuery(input);
    const entry = await catalog.find(query.dataset);
    if (!entry) throw new InputError(`There is no dataset "${query.dataset}"`);
    if (!can(user, entry.dataset.permission)) throw forbidden(entry.dataset.name, entry.dataset.permission);
    const contract = dashboardLoadQueue(entry.plugin);
    const { value, cached } = await cache.get(`${entry.plugin}\n${JSON.stringify(query.load)}`, async () => {
      const reply = await callPluginRPC(options.broker, contract, entry.plugin, query.load, { timeoutMs: options.queryTimeoutMs });
      if (reply.outcome === 'refused') throw new LatticeError(reply.code, reply.message);
      return { rows: reply.rows, at: new Date() };
    });
    return { entry, query, cached, ...value };
  }

  app.get('/health/live', (_req, res) => {
    res.json({ status: 'live', service: 'dashboard-api' });
  });
  app.get(['/health/ready', '/health'], (_req, res) => {
    const problem = options.ready();
    res.status(problem ? 503 : 200).json({ status: problem ?? 'ok', service: 'dashboard-api' });
  });

  app.get(
    '/v1/meta',
    route(
      withCaller(async (_req, _res, user) => {
        const entries = await catalog.entries();
        return { cubes: entries.filter((entry) => can(user, entry.dataset.permission)).map((entry) => cubeOf(entry.dataset)) };
      }),
    ),
  );

  const load = withCaller(async (req, res, user) => {
    const source = req.method === 'POST' ? (req.body as Record<string, unknown> | undefined) : req.query;
    let input: unknown = source?.query;
    if (typeof input === 'string') {
      try {
        input = JSON.parse(input);
      } catch {
        throw new InputError('"query" is not JSON');
      }
    }
    if (input === undefined) throw new InputError('A "query" is required');
    const queries = Array.isArray(input) ? input : [input];
    if (queries.length === 0 || queries.length > 10) throw new InputError('Send one query, or up to 10 in a list');
    const results = await Promise.all(queries.map((query) => runQuery(query, user)));
    res.setHeader('X-Lattice-Cache', results.every((result) => result.cached) ? 'hit' : 'miss');
    const loaded = results.map((result) => cubeLoadResult(result.entry.dataset, result.query, result.rows, result.at));
    const queryType = Array.isArray(input) && input.length > 1 ? 'blendingQuery' : 'regularQuery';
    if (source?.queryType !== 'multi' && !Array.isArray(input)) return loaded[0];
    return { queryType, results: loaded, pivotQuery: { ...loaded[0]!.query, queryType }, slowQuery: false };
  });
  app.get('/v1/load', route(load));
  app.post('/v1/load', route(load));

  app.get('/v1/dashboards', route(withCaller(async (_req, _res, user) => ({ dashboards: await store.list(user) }))));
  app.post('/v1/dashboards', route(withCaller(async (req, res, user) => {
    res.status(201);
    return store.create(req.body, user);
  })));
  app.get('/v1/dashboards/:id', route(withCaller(async (req, _res, user) => store.get(String(req.params.id), user))));
  app.put('/v1/dashboards/:id', route(withCaller(async (req, _res, user) => store.update(String(req.params.id), req.body, user))));
  app.delete('/v1/dashboards/:id', route(withCaller(async (req, _res, user) => store.remove(String(req.params.id), user))));

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: 'Not found', code: 'NOT_FOUND' });
  });
  // Cube's error shape: `{ error }` with the status; Lattice adds its error code.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof LatticeError) {
      res.status(httpStatusByCode[error.code]).json({ error: error.message, code: error.code });
      return;
    }
    if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
      res.status(400).json({ error: 'The request body is not JSON', code: 'BAD_USER_INPUT' });
      return;
    }
    logger.error({ err: error }, 'dashboard API: request failed');
    res.status(500).json({ error: 'Internal error', code: 'INTERNAL' });
  });
  return app;
}
