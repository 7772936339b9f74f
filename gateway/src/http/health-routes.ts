import type { ServerResponse } from 'node:http';
import type { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { sendJson } from './send-json.js';

/**
 * The gateway's own health: `/health/live` while the process serves, `/health/ready` once a supergraph is
 * composed (a load balancer sends nothing before), `/health` with every plugin's and replica's status.
 */
export function createHealthRoutes(registry: SubgraphRegistry, composed: () => boolean) {
  return (res: ServerResponse, path: string): void => {
    if (path === '/health/live') return sendJson(res, 200, { status: 'live' });
    if (path === '/health/ready') {
      return composed() ? sendJson(res, 200, { status: 'ready' }) : sendJson(res, 503, { status: 'not ready' });
    }
    if (path === '/health') {
      return sendJson(res, 200, { status: 'ok', plugins: registry.statuses(), replicas: registry.replicaStatuses() });
    }
    sendJson(res, 404, { error: `Nothing at ${path}`, code: 'NOT_FOUND' });
  };
}
