import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parsePrometheusText, sumOfSamples } from '@lattice/contracts/http-observability';
import { runPlatform, type RunningLattice } from './run-platform.js';

const configFile = new URL('../../../../configs.json', import.meta.url).pathname;
let dataDir: string;
let lattice: RunningLattice;

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lattice-metrics-'));
  process.env.LATTICE_OWNER_EMAIL = 'owner@lattice.test';
  process.env.LATTICE_OWNER_PASSWORD = 'correct horse battery staple';
  lattice = await runPlatform({ configFile, dataDir, gatewayPort: 0 });
});
after(async () => {
  await lattice?.stop();
  delete process.env.LATTICE_OWNER_EMAIL;
  delete process.env.LATTICE_OWNER_PASSWORD;
  await rm(dataDir, { recursive: true, force: true });
});

async function scrape(url: string) {
  const response = await fetch(`${url}/metrics`);
  assert.equal(response.status, 200, `${url}/metrics`);
  return parsePrometheusText(await response.text());
}

describe('lattice start: every role answers /metrics on its own port', { timeout: 300_000 }, () => {
  it('in the Prometheus text format, counting a request made here', async () => {
    const roles: Array<{ name: string; url: string | undefined; path: string; route: string }> = [
      { name: 'gateway', url: lattice.gatewayUrl, path: '/health/live', route: '/health/live' },
      { name: 'integrations port', url: lattice.integrationsUrl, path: '/no-such-integration/receive', route: 'unmatched' },
      { name: 'documents host', url: lattice.pluginUrls['documents'], path: '/health/live', route: '/health/live' },
      { name: 'inbox host', url: lattice.pluginUrls['inbox'], path: '/health/live', route: '/health/live' },
      { name: 'front-end', url: lattice.frontendUrl, path: '/health/live', route: '/health/live' },
      { name: 'widgets', url: lattice.widgetsUrl, path: '/health/live', route: '/health/live' },
      { name: 'dashboard API', url: lattice.dashboardApiUrl, path: '/health/live', route: '/health/live' },
      { name: 'search engine', url: lattice.searchUrl, path: '/lattice-metrics-test/_search', route: '/{index}/_search' },
    ];
    const missing = roles.filter((role) => role.url === undefined).map((role) => role.name);
    // The front-end runs only from a build (`npm test` builds it); the rest always run with this configs.json.
    assert.deepEqual(missing.filter((name) => name !== 'front-end'), []);
    if (missing.includes('front-end')) console.log('# the front-end is not built here: its /metrics is checked by the services-mode test only');
    for (const role of roles) {
      if (!role.url) continue;
      const before = await scrape(role.url);
      assert.ok(before.some((sample) => sample.name === 'process_resident_memory_bytes' || sample.name === 'nodejs_heap_size_used_bytes'), `${role.name}: process metrics`);
      const counted = sumOfSamples(before, 'http_requests_total', { method: 'GET', route: role.route });
      await (await fetch(`${role.url}${role.path}`)).arrayBuffer();
      const after = sumOfSamples(await scrape(role.url), 'http_requests_total', { method: 'GET', route: role.route });
      assert.ok(after > counted, `${role.name} counts GET ${role.path} as ${role.route} (${counted} before, ${after} after)`);
    }
  });

  it("a plugin's requests through the gateway's /pl: are counted by its host too, and its /metrics is not reachable there", async () => {
    const documentsUrl = lattice.pluginUrls['documents']!;
    const count = async () => sumOfSamples(await scrape(documentsUrl), 'http_requests_total', { role: 'plugin:documents', route: 'unmatched' });
    const viaGateway = async () => sumOfSamples(await scrape(lattice.gatewayUrl), 'http_requests_total', { role: 'gateway', route: '/pl:documents/*' });
    const [counted, countedByGateway] = [await count(), await viaGateway()];
    const refused = await fetch(`${lattice.gatewayUrl}/pl:documents/metrics`);
    await refused.arrayBuffer();
    assert.equal(refused.status, 404);
    const proxied = await fetch(`${lattice.gatewayUrl}/pl:documents/no-such-route`);
    await proxied.arrayBuffer();
    assert.ok((await count()) > counted, 'the host counts it');
    assert.equal((await viaGateway()) - countedByGateway, 2, 'the gateway counts both under the plugin, not the raw path');
  });
});
