import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The Prometheus text format's content type, as prom-client writes it. */
export const metricsContentType = Registry.PROMETHEUS_CONTENT_TYPE;

/** One role's metrics: its HTTP requests, and the process's own (CPU, memory, event-loop lag, handles). */
export interface RoleMetrics {
  /** Counts one answered request and how long it took. `route` is a template (`/graphql`, `/pl:{plugin}/*`), never a raw path. */
  observe(request: { method: string; route: string; status: number; seconds: number }): void;
  /** Everything in the Prometheus text format. */
  text(): Promise<string>;
}

// Several roles share one process under `npm start`: the process metrics are collected once, each role keeps
// its own request metrics, and a scrape of any role returns both.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createRoleMetrics(role: string): RoleMetrics {
  // `role` is a label of each metric rather than a registry default: Registry.merge would drop a default.
  const registry = new Registry();
  const labelNames = ['role', 'method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route template and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by method, route template and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    observe({ method, route, status, seconds }) {
      const labels = { role, method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    async text() {
      return Registry.merge([processMetrics(), registry]).metrics();
    },
  };
}
