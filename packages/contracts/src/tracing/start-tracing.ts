import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { requestIdGenerator, setTracer, tracingOn } from './trace-requests.js';

export interface TracingOptions {
  /** `service.name` of this process's spans, unless OTEL_SERVICE_NAME says otherwise (e.g. `lattice-gateway`). */
  service: string;
  /** Where spans go instead of OTLP (tests); tracing then starts whatever the environment says. */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

export interface Tracing {
  /** Sends the spans still buffered now, rather than at the next batch (OTEL_BSP_SCHEDULE_DELAY). */
  flush(): Promise<void>;
  /** Sends the spans still buffered and switches tracing off. */
  stop(): Promise<void>;
}

/** True when the environment asks for traces: an OTLP endpoint, and the SDK not disabled. */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = env['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] || env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  return Boolean(endpoint) && env['OTEL_SDK_DISABLED'] !== 'true' && env['OTEL_TRACES_EXPORTER'] !== 'none';
}

/**
 * Starts OpenTelemetry's SDK for this process when configured (tracingConfigured, or an exporter handed in):
 * spans batched to OTLP over HTTP (JSON; the exporter reads the standard OTEL_EXPORTER_OTLP_* variables), W3C
 * trace context, async-local context. Undefined, and nothing loaded, when not configured. Once per process.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing | undefined> {
  const env = options.env ?? process.env;
  if (tracingOn() || (!options.exporter && !tracingConfigured(env))) return undefined;
  const [{ TracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = options.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env['OTEL_SERVICE_NAME'] || options.service }),
    idGenerator: requestIdGenerator,
    // The standard OTEL_BSP_SCHEDULE_DELAY (ms between batches, 5 s by default), which this SDK leaves to its caller.
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: Number(env['OTEL_BSP_SCHEDULE_DELAY']) || undefined })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  setTracer(provider.getTracer('lattice'));
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      setTracer(undefined);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
