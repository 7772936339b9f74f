import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { parsePrometheusText, sumOfSamples } from '@lattice/contracts/http-observability';
import { logIn } from '@lattice/platform/test-kit';
import { postGraphQL } from '../test-kit/graphql-over-http.js';
import type { RoleProcess } from '../test-kit/role-process.js';
import { startServicesTopology, type ServicesTopology } from '../test-kit/services-topology.js';

let topology: ServicesTopology;

before(async () => {
  // Access lines are written at `info`; the topology's default is `warn`.
  topology = await startServicesTopology({ documentsHosts: 1, env: { LOG_LEVEL: 'info' } });
});
after(async () => {
  await topology?.stop();
});

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

  it("one request id is on the gateway's and the documents host's access lines of one request", async () => {
    const cookie = await logIn(`${topology.gatewayUrl}/graphql`, topology.owner);
    const reqId = `observability-${randomBytes(6).toString('hex')}`;
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
  });
});
