import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { wantsGraphqlIde } from './graphql-ide.js';
import { sendJson } from './send-json.js';
import { PLUGIN_PATH } from './plugin-proxy.js';

export interface Routes {
  /** `search` is the query string including `?`, or empty. */
  graphql: (req: IncomingMessage, res: ServerResponse, search: string) => Promise<void>;
  plugin: (name: string, rest: string, req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** `/health`, `/health/live`, `/health/ready`: `path` says which. */
  health: (res: ServerResponse, path: string) => void;
  /** Dev mode only: the GraphQL IDE page for a browser's GET /graphql. */
  ide?: (res: ServerResponse) => Promise<void>;
}

/** The gateway's few routes, matched by hand: express would add a measurable cost on the hot path. */
export function createRequestListener(routes: Routes, logger: Logger, dev: boolean) {
  const fail = (res: ServerResponse, error: unknown): void => {
    logger.error({ err: error, reqId: res.getHeader('x-request-id') }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message = dev && error instanceof Error ? error.message : 'Internal server error';
    sendJson(res, 500, { errors: [{ message, extensions: { code: 'INTERNAL' } }] });
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const rawUrl = req.url ?? '/';
    const pathEnd = rawUrl.indexOf('?');
    const path = pathEnd === -1 ? rawUrl : rawUrl.slice(0, pathEnd);
    if (path === '/graphql' || path === '/graphql/') {
      if (routes.ide && wantsGraphqlIde(req)) return void routes.ide(res).catch((error: unknown) => fail(res, error));
      routes.graphql(req, res, pathEnd === -1 ? '' : rawUrl.slice(pathEnd)).catch((error: unknown) => fail(res, error));
      return;
    }
    if ((path === '/health' || path.startsWith('/health/')) && (req.method === 'GET' || req.method === 'HEAD')) {
      routes.health(res, path);
      return;
    }
    const plugin = PLUGIN_PATH.exec(rawUrl);
    if (plugin?.[1] !== undefined) {
      routes.plugin(plugin[1], plugin[2] ?? '', req, res).catch((error: unknown) => fail(res, error));
      return;
    }
    sendJson(res, 404, { error: `Nothing at ${path}`, code: 'NOT_FOUND' });
  };
}
