import type { Express } from 'express';

/**
 * `/health/live` (the process serves) and `/health/ready` (the gateway it proxies to is ready), for the
 * orchestrator's probes; the front-end is of no use to users while its gateway is not.
 */
export function addHealthRoutes(app: Express, gatewayUrl: string): void {
  app.get('/health/live', (_request, response) => {
    response.json({ status: 'live' });
  });
  app.get('/health/ready', async (_request, response) => {
    try {
      const gateway = await fetch(`${gatewayUrl}/health/ready`, { signal: AbortSignal.timeout(2_000) });
      await gateway.body?.cancel();
      response.status(gateway.ok ? 200 : 503).json({ status: gateway.ok ? 'ok' : `gateway answered ${gateway.status}` });
    } catch (error) {
      response.status(503).json({ status: `gateway unreachable: ${(error as Error).message}` });
    }
  });
}
