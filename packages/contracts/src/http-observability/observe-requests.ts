import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { startServerSpan, tracingOn, type ServerSpan } from '../tracing/trace-requests.js';
import { createRoleMetrics, metricsContentType, type RoleMetrics } from './role-metrics.js';

/** The path every role answers its metrics at, on its own port only (never through a proxy: see docs/deploy.md). */
export const METRICS_PATH = '/metrics';

/** What the access log needs of a logger (pino's fits). */
export interface AccessLogger {
  info(fields: object, message: string): void;
  /** For health probes, which the gateway and orchestrators send every few seconds; none: they are not logged. */
  debug?(fields: object, message: string): void;
}

const PROBE_PATHS = new Set(['/health', '/health/live', '/health/ready']);

export interface ObserveRequestsOptions {
  /** The role's name: the `role` label of its metrics and the access log's `role` field. */
  role: string;
  /** Where one line per answered request goes; none: no access log. */
  accessLog?: AccessLogger;
  /**
   * The route template of a request, for a server that does not route with express; read as the request
   * arrives (a proxy in the same process may rewrite `req.url` on its way to another role).
   */
  routeOf?: (req: IncomingMessage) => string | undefined;
  /** More access log fields (the user, the plugin), read once the answer is sent. */
  fields?: (req: IncomingMessage, res: ServerResponse) => object;
  /** Shared when one role serves several ports, so a scrape counts them all. */
  metrics?: RoleMetrics;
}

const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * `listener` with `GET /metrics`, a request counter and duration histogram, and one access log line per
 * request (at `info`; health probes at `debug`, scrapes never). Wrap the outermost listener of a role's port, inside whatever assigns the request id.
 * With tracing on (contracts' tracing), each request but scrapes and probes is also a server span, child of the
 * caller's `traceparent`, in which the role serves it.
 */
export function observeRequests(listener: RequestListener, options: ObserveRequestsOptions): RequestListener {
  const metrics = options.metrics ?? createRoleMetrics(options.role);
  return (req, res) => {
    const started = process.hrtime.bigint();
    const path = pathOf(req.url);
    const scrape = path === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD');
    const ownRoute = scrape ? METRICS_PATH : options.routeOf?.(req);
    let span: ServerSpan | undefined;
    // An answer cut off before its end still ends its span.
    res.once('close', () => span?.end(res.statusCode, ownRoute ?? 'aborted'));
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = req.method ?? 'GET';
      const route = ownRoute ?? expressRoute(req, res);
      metrics.observe({ method, route, status: res.statusCode, seconds });
      span?.end(res.statusCode, route);
      const log = options.accessLog;
      if (scrape || !log) return;
      const write = PROBE_PATHS.has(path) ? log.debug?.bind(log) : log.info.bind(log);
      write?.(
        {
          role: options.role,
          reqId: requestIdOf(req, res),
          method,
          path,
          route,
          status: res.statusCode,
          durationMs: Math.round(seconds * 10_000) / 10,
          ...options.fields?.(req, res),
        },
        'request',
      );
    });
    if (!scrape && tracingOn() && !PROBE_PATHS.has(path)) {
      span = startServerSpan(options.role, req.method ?? 'GET', req.headers, requestIdOf(req, res), () => void listener(req, res));
      return;
    }
    if (!scrape) return void listener(req, res);
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsContentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('metrics unavailable');
      },
    );
  };
}

/** The path without its query string: a query may carry tokens, and is never logged. */
function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const end = raw.indexOf('?');
  return end === -1 ? raw : raw.slice(0, end);
}

function requestIdOf(req: IncomingMessage, res: ServerResponse): string | undefined {
  const answered = res.getHeader(REQUEST_ID_HEADER);
  if (typeof answered === 'string') return answered;
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : undefined;
}

/**
 * Express's matched route, else the prefix a router was mounted at. A request nothing matched is `unmatched`,
 * so paths a client makes up never become label values.
 */
function expressRoute(req: IncomingMessage, res: ServerResponse): string {
  const routed = req as IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
  const template = routed.route?.path;
  if (typeof template === 'string' || Array.isArray(template)) return `${routed.baseUrl ?? ''}${[template].flat().join('|')}`;
  if (res.statusCode === 404) return 'unmatched';
  // Answered by a router or middleware mounted at a prefix: express leaves the path below it in req.url.
  if (routed.baseUrl) return pathOf(req.url) === '/' ? routed.baseUrl : `${routed.baseUrl}/*`;
  return 'other';
}
