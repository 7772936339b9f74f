import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parsePrometheusText, sumOfSamples } from '@lattice/contracts/http-observability';
import { startDashboardFront } from './start-dashboard-front.js';

describe('lattice dashboard-front: metrics', () => {
  let dir: string;
  let api: Server;
  const apiPaths: string[] = [];
  let front: Awaited<ReturnType<typeof startDashboardFront>>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lattice-dashboard-front-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>dashboard</title>');
    api = createServer((request, response) => {
      apiPaths.push(request.url ?? '');
      response.end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    front = await startDashboardFront({ port: 0, dir, apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
  });
  after(async () => {
    await front?.stop();
    await new Promise((resolve) => api.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const counted = async () => {
    const response = await fetch(`${front.url}/metrics`);
    assert.equal(response.status, 200);
    return sumOfSamples(parsePrometheusText(await response.text()), 'http_requests_total', { role: 'dashboard-front', route: '/health/live|/health/ready|/health' });
  };

  it("answers /metrics in the Prometheus text format, counting a request made here, and never hands out the API's", async () => {
    const before = await counted();
    await (await fetch(`${front.url}/health/live`)).arrayBuffer();
    assert.equal((await counted()) - before, 1);
    const refused = await fetch(`${front.url}/api/metrics`);
    await refused.arrayBuffer();
    assert.equal(refused.status, 404);
    assert.deepEqual(apiPaths, []);
  });
});
