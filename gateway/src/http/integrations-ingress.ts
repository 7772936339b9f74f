import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { proxyPluginRequest, type PluginHttpTargets } from './plugin-proxy.js';
import { requestIdOf } from './request-id.js';
import { sendJson } from './send-json.js';

const INTEGRATION_PATH = /^\/([^/?#]+)(.*)$/;

/**
 * The integrations port (3400, public `/integrations/`): `/<integration>/<path>` goes to that integration
 * plugin's HTTP routes, exactly as `/pl:<integration>/<path>` does on the gateway. Only integration
 * plugins are reachable here, so a channel's webhooks can be exposed without the rest of the API.
 */
/** SPEC.md's integration HTTP controller: what an integration serves publicly unless it declares otherwise. */
export const DEFAULT_INTEGRATION_ROUTES: readonly string[] = ['/receive', '/login'];

/**
 * Only the routes each integration declares public are served here (`publicRoutes` by integration name,
 * default `DEFAULT_INTEGRATION_ROUTES`): never its GraphQL, health or other routes.
 */
export function createIntegrationsListener(
  targets: PluginHttpTargets,
  integrations: ReadonlySet<string>,
  logger: Logger,
  publicRoutes: Readonly<Record<string, readonly string[]>> = {},
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const match = INTEGRATION_PATH.exec(req.url ?? '/');
    const name = match?.[1];
    if (!name || !integrations.has(name)) {
      sendJson(res, 404, { error: `No integration at ${req.url ?? '/'}`, code: 'NOT_FOUND' });
      return;
    }
    const routes = (publicRoutes[name] ?? DEFAULT_INTEGRATION_ROUTES).map((route) => route.toLowerCase().replace(/(.)\/$/, '$1'));
    proxyPluginRequest(targets, name, match[2] ?? '', req, res, `/integrations/${name}`, routes).catch((error: unknown) => {
      logger.error({ err: error, reqId: requestIdOf(req), integration: name }, 'integration request failed');
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'Internal server error', code: 'INTERNAL' });
    });
  };
}
