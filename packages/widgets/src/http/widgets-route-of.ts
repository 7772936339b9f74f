import type { IncomingMessage } from 'node:http';

// The service's fixed paths (see start-widgets-service): anything else is not a route and is counted as such.
const ROUTES = new Set([
  '/health',
  '/health/live',
  '/health/ready',
  '/messenger.js',
  '/widget.js',
  '/widget.css',
  '/frame',
  '/api/settings',
  '/api/messages',
  '/api/conversation',
  '/api/email',
  '/api/typing',
  '/api/read',
  '/ws',
]);

/** The route template of a widgets request, for its metrics. */
export function widgetsRouteOf(request: IncomingMessage): string | undefined {
  const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
  return ROUTES.has(path) ? path : undefined;
}
