import { randomBytes } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';

/**
 * Traces across processes (docs/deploy.md "Traces"): OpenTelemetry spans for each request a role serves, each
 * call the gateway makes to a plugin host, each broker message and each database command, exported over
 * OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `…_TRACES_ENDPOINT`) is set. Off otherwise: no SDK is
 * loaded, and every function here is one check of a variable.
 */
let tracer: Tracer | undefined;

/** True once startTracing has started the SDK in this process. */
export const tracingOn = (): boolean => tracer !== undefined;

/** @internal startTracing's: the tracer, or none to switch tracing off. */
export function setTracer(next: Tracer | undefined): void {
  tracer = next;
}

// A request id nginx makes ($request_id) is 32 hex digits, the shape of a trace id: a request that comes with
// no `traceparent` gets its request id as its trace id, so either finds the other.
const TRACE_ID_SHAPED = /^[0-9a-f]{32}$/;
let nextTraceId: string | undefined;

/** The SDK's id generator: random ids, except the trace id a server span takes from the request id. */
export const requestIdGenerator = {
  generateTraceId(): string {
    const given = nextTraceId;
    nextTraceId = undefined;
    return given ?? randomBytes(16).toString('hex');
  },
  generateSpanId: (): string => randomBytes(8).toString('hex'),
};

export interface ServerSpan {
  end(status: number, route: string): void;
}

/**
 * A server span for one request, child of the caller's `traceparent` (W3C trace context) when it sent one, and
 * runs `handle` in it so calls made while serving the request are its children. Without tracing, `handle` runs
 * as it is and the span is undefined.
 */
export function startServerSpan(role: string, method: string, headers: Record<string, string | string[] | undefined>, requestId: string | undefined, handle: () => void): ServerSpan | undefined {
  if (!tracer) return void handle();
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const attributes: Attributes = { 'http.request.method': method, 'lattice.role': role };
  if (requestId) attributes['lattice.request_id'] = requestId;
  if (!trace.getSpanContext(parent) && requestId && TRACE_ID_SHAPED.test(requestId)) nextTraceId = requestId;
  const span = tracer.startSpan(`${method} ${role}`, { kind: SpanKind.SERVER, attributes }, parent);
  nextTraceId = undefined;
  context.with(trace.setSpan(parent, span), handle);
  let ended = false;
  return {
    end(status, route) {
      if (ended) return;
      ended = true;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.response.status_code': status, 'http.route': route });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/**
 * Runs `call` in a span of `kind` (a client call, a message sent or received, a database command), child of
 * the span in force; `carrier` gets its `traceparent` so the process at the other end continues the trace.
 * Without tracing, `call` runs with no carrier.
 */
export async function withSpan<T>(name: string, kind: 'client' | 'producer' | 'consumer' | 'internal', attributes: Attributes, call: (carrier: Record<string, string>) => Promise<T>, parent?: Context): Promise<T> {
  if (!tracer) return call({});
  const span = tracer.startSpan(name, { kind: KINDS[kind], attributes }, parent ?? context.active());
  const inside = trace.setSpan(parent ?? context.active(), span);
  const carrier: Record<string, string> = {};
  propagation.inject(inside, carrier);
  try {
    return await context.with(inside, () => call(carrier));
  } catch (error) {
    fail(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The trace context a message or request carried (`traceparent` among its headers), to continue it with withSpan; undefined without tracing. */
export function contextFrom(headers: Record<string, unknown> | undefined): Context | undefined {
  if (!tracer || !headers) return undefined;
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: (carrier) => Object.keys(carrier),
    get: (carrier, key) => {
      const value = carrier[key];
      return typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : undefined;
    },
  });
}

/** The headers that carry a trace (W3C trace context): never part of who asks, so never of a shared call's key. */
export const TRACE_HEADERS: readonly string[] = ['traceparent', 'tracestate'];

const KINDS = { client: SpanKind.CLIENT, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER, internal: SpanKind.INTERNAL } as const;

function fail(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** What a MongoDB client's command monitoring emits (the driver's CommandStartedEvent and its ends), as far as spans need. */
interface CommandEvent {
  requestId: number;
  connectionId?: string | number;
  commandName: string;
  databaseName?: string;
}

/**
 * A span per database command of `client` (`monitorCommands: true`), child of the span in force when the
 * command was sent: MongoDB's driver emits these events in the caller's asynchronous context. Nothing without tracing.
 */
export function traceDatabaseCommands(client: { on(event: string, listener: (event: CommandEvent) => void): unknown }, dbSystem = 'mongodb'): void {
  if (!tracer) return;
  const open = new Map<string, Span>();
  const keyOf = (event: CommandEvent) => `${String(event.connectionId)}:${event.requestId}`;
  client.on('commandStarted', (event) => {
    if (!tracer || !trace.getSpan(context.active())) return;
    const attributes = { 'db.system.name': dbSystem, 'db.operation.name': event.commandName, 'db.namespace': event.databaseName ?? '' };
    open.set(keyOf(event), tracer.startSpan(`${event.commandName} ${event.databaseName ?? ''}`.trim(), { kind: SpanKind.CLIENT, attributes }));
  });
  const finish = (failed: boolean) => (event: CommandEvent) => {
    const span = open.get(keyOf(event));
    if (!span) return;
    open.delete(keyOf(event));
    if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  client.on('commandSucceeded', finish(false));
  client.on('commandFailed', finish(true));
}
