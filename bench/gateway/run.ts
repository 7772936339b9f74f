/**
 * bench/gateway: our gateway (in process as npm start runs it; in a process of its own with in-flight
 * deduplication on and off) beside Hive Gateway (on and off), the
 * subgraph itself and the floor (a bare pipe proxy: what one more process hop costs), on the same plugin hosts,
 * in alternating rounds; plus the time from `lattice start` to ready. BENCH_ROUNDS: how many rounds (3).
 * Run: npm run bench:gateway (writes RESULTS.md next to this file). BENCH_QUICK=1: one short round, to try it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/gateway';
import { signAuthToken, verifyAuthToken } from '@lattice/plugin-sdk';
import { createGraphQLClient, logIn } from '@lattice/platform/test-kit';
import { interleavedLatency, load, rssMb, type Target } from './measure.js';
import { startFloorProcess, startGatewayProcess, startPlatformProcess, type GatewayProcess } from './platform-process.js';
import { renderReport, type Baseline, type Measured, type QueryName, type SideName } from './report.js';
import { seedDocuments, SIZES, type SizeName } from './seed.js';

const quick = process.env['BENCH_QUICK'] === '1';
const rounds = quick ? 1 : Number(process.env['BENCH_ROUNDS'] ?? 3);
const latencyCount = quick ? 20 : 120;
// Long enough at 50 connections that every round completes requests even at a load average of 15.
const loadSeconds = { 10: quick ? 1 : 2, 50: quick ? 1 : 4 } as const;
const connectionCounts = [10, 50] as const;

/** What the token check alone costs a request: every subgraph verifies the auth-token (HS256) itself. */
async function tokenCheckMicroseconds(secret: string): Promise<number> {
  const token = await signAuthToken({ _id: '0123456789abcdef01234567', email: 'bench@example.com', role: 'owner' }, secret);
  const count = 20_000;
  for (let index = 0; index < 2_000; index += 1) await verifyAuthToken(token, secret);
  const startedAt = performance.now();
  for (let index = 0; index < count; index += 1) {
    if (!(await verifyAuthToken(token, secret)).user) throw new Error('the bench token did not verify');
  }
  return ((performance.now() - startedAt) / count) * 1000;
}

const documentFields = '_id name createdAt expiryDate checked typeId currentType { _id name }';
const body = (query: string, variables?: Record<string, unknown>) => JSON.stringify(variables ? { query, variables } : { query });

const benchStartedAt = performance.now();
const dataDir = await mkdtemp(join(tmpdir(), 'lattice-bench-'));
const owner = { email: 'bench@example.com', password: 'gateway measure password 0123' };
const platformSecret = 'bench secret, long enough for production use 0123456789';
const env = { LATTICE_OWNER_EMAIL: owner.email, LATTICE_OWNER_PASSWORD: owner.password, JWT_TOKEN_SECRET: platformSecret };
// The first start creates the owner; the measured start is the second, on a built checkout with data.
await (await startPlatformProcess(dataDir, env)).stop();
const platform = await startPlatformProcess(dataDir, env);
const gateways: GatewayProcess[] = [];
try {
  const cookie = await logIn(`${platform.gatewayUrl}/graphql`, owner);
  const typeIds = await seedDocuments(createGraphQLClient(`${platform.gatewayUrl}/graphql`, { cookie }));
  const signer = createSubgraphSigner(subgraphSigningKey(platformSecret));
  const baseHeaders = { 'content-type': 'application/json', cookie };

  // The supergraph Hive runs: the same plugin hosts' SDL, composed as our gateway composes it.
  const subgraphs = [...platform.pluginUrls].map(([name, url]) => ({ name, url }));
  const services = [];
  for (const { name, url } of subgraphs) {
    const sdlQuery = body('{ _service { sdl } }');
    const response = await fetch(`${url}/graphql`, { method: 'POST', body: sdlQuery, headers: { ...baseHeaders, ...signer.headers({ audience: name, method: 'POST', target: '/graphql' }, sdlQuery) } });
    const { data } = (await response.json()) as { data: { _service: { sdl: string } } };
    services.push({ name, url: `${url}/graphql`, typeDefs: parse(data._service.sdl) });
  }
  const composed = composeServices(services);
  if (composed.errors) throw new Error(`composition failed: ${composed.errors.map((error) => error.message).join('; ')}`);
  const config = { platformSecret, subgraphs, supergraphSdl: composed.supergraphSdl };

  const sideNames: SideName[] = ['ours, dedupe on', 'ours, dedupe off', 'Hive, dedupe on', 'Hive, dedupe off'];
  for (const name of sideNames) gateways.push(await startGatewayProcess(name.startsWith('ours') ? 'ours' : 'hive', name.endsWith('on'), config));
  const gatewayTargets = new Map<SideName, Target>(
    sideNames.map((name, index) => [name, { url: `${gateways[index]!.url}/graphql`, headers: () => baseHeaders, pid: gateways[index]!.pid }]),
  );
  // npm start's own gateway, in the hosts' process: no pid of its own, so no CPU or RSS cells.
  const inProcess: Target = { url: `${platform.gatewayUrl}/graphql`, headers: () => baseHeaders };
  const direct = (plugin: string): Target => ({
    url: `${platform.pluginUrls.get(plugin)}/graphql`,
    headers: (sent) => ({ ...baseHeaders, ...signer.headers({ audience: plugin, method: 'POST', target: '/graphql' }, sent) }),
  });
  // The floor: the direct side's requests, signed the same way, through a bare pipe proxy in a process of its own.
  const floorProcess = await startFloorProcess(config);
  gateways.push(floorProcess);
  const floor = (plugin: string): Target => ({ ...direct(plugin), url: `${floorProcess.url}/${plugin}/graphql`, pid: floorProcess.pid });

  const queries: Array<{ name: QueryName; body: string; plugin?: string; check: (text: string) => boolean }> = [
    {
      name: 'documents',
      body: body(`query ($typeId: String) { documents(typeId: $typeId) { ${documentFields} } }`, { typeId: typeIds.fifty }),
      plugin: 'documents',
      check: (text) => text.split('currentType').length === 51,
    },
    {
      name: 'two subgraphs',
      body: body(`query ($typeId: String) { currentUser { _id email } documents(typeId: $typeId) { ${documentFields} } }`, { typeId: typeIds.fifty }),
      check: (text) => text.includes(owner.email) && text.split('currentType').length === 51,
    },
    { name: 'tiny', body: body('{ currentUser { _id } }'), plugin: 'core', check: (text) => text.includes('"_id"') },
  ];
  const sizeQuery = (size: SizeName | 'all') =>
    size === 'all'
      ? body(`{ documents { ${documentFields} } }`)
      : body(`query ($typeId: String) { documents(typeId: $typeId) { ${documentFields} } }`, { typeId: typeIds[size] });
  const sizes = [
    { documents: 10, body: sizeQuery('ten'), count: quick ? 8 : 40 },
    { documents: 100, body: sizeQuery('hundred'), count: quick ? 8 : 24 },
    { documents: 1_000, body: sizeQuery('thousand'), count: quick ? 4 : 8 },
    { documents: Object.values(SIZES).reduce((sum, count) => sum + count, 0), body: sizeQuery('all'), count: quick ? 2 : 4 },
  ];

  const measured: Measured = { rounds: [], rows: [], sizes: [] };
  const record = (query: QueryName, side: SideName | Baseline, metric: string, value: number | undefined) => {
    if (value !== undefined && !Number.isNaN(value)) measured.rows.push({ round: measured.rounds.length, query, side, metric, value });
  };
  const rotate = <T>(items: T[], by: number): T[] => items.map((_item, index) => items[(index + by) % items.length]!);

  for (let round = 0; round < rounds; round += 1) {
    const loadBefore = loadavg();
    const startedAt = performance.now();
    for (const query of queries) {
      const sides: Array<[SideName | Baseline, Target]> = [['ours, in process', inProcess], ...gatewayTargets];
      if (query.plugin) sides.unshift(['direct', direct(query.plugin)], ['floor', floor(query.plugin)]);
      // Each round starts with another side, so drift on this shared machine falls on all of them alike.
      const turns = rotate(sides, round);
      const latencies = await interleavedLatency(turns.map(([, target]) => target), query.body, latencyCount, 10, query.check);
      turns.forEach(([side], index) => {
        record(query.name, side, 'p50, 1 connection (ms)', latencies[index]!.p50);
        record(query.name, side, 'p99, 1 connection (ms)', latencies[index]!.p99);
      });
      for (const connections of connectionCounts) {
        for (const [side, target] of rotate(sides, round)) {
          const result = await load(target, query.body, connections, loadSeconds[connections]);
          record(query.name, side, `RPS, ${connections} connections`, result.rps);
          record(query.name, side, `p99, ${connections} connections (ms)`, result.p99);
          if (connections === 10) record(query.name, side, 'gateway CPU per request, 10 connections (ms)', result.cpuMs);
        }
      }
    }
    for (const [side, target] of gatewayTargets) record('documents', side, 'gateway RSS after the round (MB)', await rssMb(target.pid!));
    for (const size of sizes) {
      const sides: Array<[SideName | Baseline, Target]> = [['direct', direct('documents')], ['floor', floor('documents')], ['ours, in process', inProcess], ['ours, dedupe on', gatewayTargets.get('ours, dedupe on')!], ['Hive, dedupe on', gatewayTargets.get('Hive, dedupe on')!]];
      const turns = rotate(sides, round);
      const check = (text: string) => text.split('"_id"').length > size.documents;
      const latencies = await interleavedLatency(turns.map(([, target]) => target), size.body, size.count, 1, check, Math.min(size.count, 4));
      turns.forEach(([side], index) => measured.sizes.push({ round, documents: size.documents, side, p50: latencies[index]!.p50 }));
    }
    measured.rounds.push({ loadBefore: loadBefore[0]!, loadAfter: loadavg()[0]!, seconds: (performance.now() - startedAt) / 1000 });
    console.log(`round ${round + 1} of ${rounds} done in ${measured.rounds.at(-1)!.seconds.toFixed(0)} s, load ${loadavg()[0]!.toFixed(2)}`);
  }

  const report = renderReport(measured, {
    tokenMicroseconds: await tokenCheckMicroseconds(platformSecret),
    readySeconds: platform.readySeconds,
    latencyCount,
    loadSeconds: `${loadSeconds[10]} s at 10 and ${loadSeconds[50]} s at 50`,
    benchSeconds: (performance.now() - benchStartedAt) / 1000,
    hiveVersion: (JSON.parse(await readFile(new URL('./node_modules/@graphql-hive/gateway/package.json', import.meta.url), 'utf8')) as { version: string }).version,
  });
  if (!quick) await writeFile(new URL('./RESULTS.md', import.meta.url), report);
  console.log(report);
} finally {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}
