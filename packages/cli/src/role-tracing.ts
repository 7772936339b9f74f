import type { Tracing } from '@lattice/contracts/tracing';

// The commands that serve (and so trace) as a long-running role; the others (generate, backup, …) never trace.
const ROLES = new Set(['start', 'dev', 'gateway', 'host', 'frontend', 'widgets', 'dashboard-api', 'dashboard-front', 'db', 'essyncer', 'search-engine']);
let running: Tracing | undefined;

/**
 * Starts OpenTelemetry for a role's process when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set:
 * spans go over OTLP/HTTP as `lattice-<command>` (OTEL_SERVICE_NAME overrides it). Nothing is loaded otherwise.
 */
export async function startRoleTracing(command: string): Promise<void> {
  if (!ROLES.has(command)) return;
  const { startTracing, tracingConfigured } = await import('@lattice/contracts/tracing');
  if (!tracingConfigured()) return;
  running = await startTracing({ service: `lattice-${command}` });
}

/** Sends the spans still buffered; a stopping role waits for it (bounded by the exporter's own time-out). */
export async function stopRoleTracing(): Promise<void> {
  const tracing = running;
  running = undefined;
  await tracing?.stop().catch(() => undefined);
}
