import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { parsePrometheusText, sumOfSamples } from '@lattice/contracts/http-observability';
import { logIn } from '@lattice/platform/test-kit';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import type { RoleProcess } from '../test-kit/role-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../test-kit/otlp-receiver.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

let topology: ServicesTopology;
let receiver: OtlpReceiver;

before(async () => {
  receiver = await startOtlpReceiver();
  // Access lines are written at `info`; the topology's default is `warn`. Every role exports its spans to the
  // receiver, a batch every 200 ms.
  topology = await startServicesTopology({
    documentsHosts: 1,
    env: { LOG_LEVEL: 'info', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
});
after(async () => {
  await topology?.stop();
  await receiver?.stop();
});

const SERVER = 2;
const CLIENT = 3;

async function requestsCounted(url: string, route: string): Promise<number> {
  const response = await fetch(`${url}/metrics`);
  assert.equal(response.status, 200, `${url}/metrics`);
  return sumOfSamples(parsePrometheusText(await response.text()), 'http_requests_total', { method: 'GET', route });
}

/** The JSON access lines a role printed for one request id. */
function accessLines(role: RoleProcess, reqId: string): Array<Record<string, unknown>> {
  return role
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request' && line.reqId === reqId);
}

const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('services mode: metrics and access logs', { timeout: 600_000 }, () => {
  it("every role's /metrics is Prometheus text and counts a request made here", async () => {
    const documentsUrl = topology.documents[0]!.urlOf('documents');
    const roles = [
      { name: 'gateway', url: topology.gatewayUrl, path: '/health/live', route: '/health/live' },
      { name: 'integrations port', url: topology.integrationsUrl, path: '/no-such-integration/receive', route: 'unmatched' },
      { name: 'front-end', url: topology.frontendUrl, path: '/health/live', route: '/health/live' },
      { name: 'documents host', url: documentsUrl, path: '/health/live', route: '/health/live' },
    ];
    for (const role of roles) {
      const counted = await requestsCounted(role.url, role.route);
      await (await fetch(`${role.url}${role.path}`)).arrayBuffer();
      assert.ok((await requestsCounted(role.url, role.route)) > counted, `${role.name} counts GET ${role.path} as ${role.route}`);
    }
  });

  it('hands out no role\'s metrics through a proxied path', async () => {
    for (const url of [`${topology.frontendUrl}/gateway/metrics`, `${topology.gatewayUrl}/pl:documents/metrics`, `${topology.integrationsUrl}/imap/metrics`]) {
      const response = await fetch(url);
      await response.arrayBuffer();
      assert.equal(response.status, 404, url);
    }
  });

  it("one request id is on the gateway's and the documents host's access lines of one request, and is one trace", async () => {
    const cookie = await logIn(`${topology.gatewayUrl}/graphql`, topology.owner);
    // The shape of nginx's $request_id (32 hex digits): with no traceparent, it is the trace's id.
    const reqId = randomBytes(16).toString('hex');
    const answer = await postGraphQL(`${topology.gatewayUrl}/graphql`, '{ documentsTotalCount }', { cookie, headers: { 'x-request-id': reqId } });
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const gateway = topology.others.find((role) => role.role === 'gateway')!;
    const [gatewayLine] = await until("the gateway's access line", () => nonEmpty(accessLines(gateway, reqId)));
    const [hostLine] = await until("the documents host's access line", () => nonEmpty(accessLines(topology.documents[0]!, reqId)));
    assert.equal(accessLines(gateway, reqId).length, 1, 'one line per request');
    assert.deepEqual(
      { role: gatewayLine!.role, method: gatewayLine!.method, path: gatewayLine!.path, route: gatewayLine!.route, status: gatewayLine!.status },
      { role: 'gateway', method: 'POST', path: '/graphql', route: '/graphql', status: 200 },
    );
    assert.equal(typeof gatewayLine!.durationMs, 'number');
    assert.deepEqual(
      { role: hostLine!.role, plugin: hostLine!.plugin, method: hostLine!.method, route: hostLine!.route, status: hostLine!.status },
      { role: 'plugin:documents', plugin: 'documents', method: 'POST', route: '/graphql', status: 200 },
    );
    assert.equal(typeof hostLine!.userId, 'string', 'the host names the user the request acted for');

    const servedBy = (service: string, kind: number) => (span: ReceivedSpan) => span.service === service && span.kind === kind && span.attributes['lattice.request_id'] === reqId;
    const gatewaySpan = await until("the gateway's span", () => receiver.spans.find(servedBy('lattice-gateway', SERVER)));
    assert.equal(gatewaySpan.traceId, reqId, "nginx's request id is the trace id");
    assert.equal(gatewaySpan.attributes['http.route'], '/graphql');
    const hostSpan = await until("the documents host's span", () => receiver.spans.find(servedBy('lattice-host', SERVER)));
    const callSpan = receiver.spans.find((span) => span.service === 'lattice-gateway' && span.kind === CLIENT && span.spanId === hostSpan.parentSpanId);
    assert.ok(callSpan, `the host span's parent is a call span of the gateway: ${JSON.stringify(hostSpan)}`);
    assert.equal(callSpan.attributes['lattice.plugin'], 'documents');
    assert.equal(callSpan.parentSpanId, gatewaySpan.spanId, "the call is the gateway request's child");
    assert.deepEqual([callSpan.traceId, hostSpan.traceId], [gatewaySpan.traceId, gatewaySpan.traceId], 'one trace');
    // The count's database command, in the same trace under the host's span.
    const command = await until('a database span', () => receiver.spans.find((span) => span.traceId === reqId && span.attributes['db.system.name'] === 'mongodb'));
    assert.equal(command.service, 'lattice-host');
  });

  it("continues a caller's traceparent", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parent = randomBytes(8).toString('hex');
    const reqId = `traced-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${topology.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': reqId, traceparent: `00-${traceId}-${parent}-01` },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    await response.arrayBuffer();
    const span = await until("the gateway's span", () => receiver.spans.find((candidate) => candidate.attributes['lattice.request_id'] === reqId && candidate.kind === SERVER));
    assert.deepEqual([span.traceId, span.parentSpanId], [traceId, parent]);
  });

  it('a 30 KB header reaches the documents host through the gateway (32k on every role, as at the reverse proxy)', async () => {
    const cookie = await logIn(`${topology.gatewayUrl}/graphql`, topology.owner);
    const reqId = `big-header-${randomBytes(6).toString('hex')}`;
    const headers = { 'x-request-id': reqId, 'x-padding': 'p'.repeat(30 * 1024) };
    const answer = await postGraphQL(`${topology.gatewayUrl}/graphql`, '{ documentsTotalCount }', { cookie, headers });
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const [hostLine] = await until("the documents host's access line", () => nonEmpty(accessLines(topology.documents[0]!, reqId)));
    assert.equal(hostLine!.status, 200);
    // Node's default buffer (16 KB) refuses the same header with 431: the test would see it.
    const direct = await fetch(`${topology.frontendUrl}/health/live`, { headers: { 'x-padding': 'p'.repeat(40 * 1024) } });
    await direct.arrayBuffer();
    assert.equal(direct.status, 431, 'past 32 KB a role still refuses');
  });
});
