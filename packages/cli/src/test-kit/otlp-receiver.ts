import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/JSON export carries it, with its process's `service.name`. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporters post to `<url>/v1/traces`. */
  url: string;
  spans: ReceivedSpan[];
  stop(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type Export = { resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes?: KeyValue[] }> }> }> };

const valueOf = (value: AnyValue) => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
const record = (attributes: KeyValue[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/**
 * A trace collector as far as OTLP over HTTP with JSON goes (the protocol's `POST /v1/traces`): it keeps
 * every span it is sent and answers as a collector does. A real peer of the exporters, for tests.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !String(request.headers['content-type']).startsWith('application/json')) {
        response.writeHead(415).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as Export;
      for (const resource of body.resourceSpans ?? []) {
        const service = String(record(resource.resource?.attributes)['service.name']);
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({ service, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId ?? '', name: span.name, kind: span.kind, attributes: record(span.attributes) });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
