/**
 * bench/dashboard: `/v1/load` over 100,000 documents as `npm start` runs it (embedded MongoDB on its worker
 * thread, in-process broker, the documents plugin answering `documents:dashboard.load`), for a count by type and
 * a count by month: p50 with the cache off, then the cost of an answer from the cache.
 * Run: node --conditions=development --import tsx bench/dashboard/run.ts (DOCUMENTS=… ROUNDS=… REQUESTS=…).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { startDashboardApi, type RunningDashboardApi } from '@lattice/dashboard-api';
import { createLogger } from '@lattice/platform';
import { startTestPlatform } from '@lattice/platform/test-kit';
import documentsPlugin from '@lattice/plugin-documents';
import { PubSub } from 'graphql-subscriptions';
import mongoose, { Types } from 'mongoose';

const DOCUMENTS = Number(process.env.DOCUMENTS ?? 100_000);
const TYPES = 12;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 20);
const CACHED_REQUESTS = 500;

const queries = {
  'count by type': { measures: ['Documents.count'], dimensions: ['Documents.typeName'] },
  'count by month': { measures: ['Documents.count'], timeDimensions: [{ dimension: 'Documents.createdAt', granularity: 'month' }] },
} as const;

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: number[], p: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
const ms = (value: number) => value.toFixed(value < 1 ? 3 : 1);

const platform = await startTestPlatform({ plugins: [documentsPlugin], databaseOnThread: true });
const logger = createLogger('bench-dashboard', 'silent');
const startApi = (cacheMs: number) =>
  startDashboardApi({
    port: 0,
    broker: platform.broker,
    pubsub: new PubSub(),
    authTokenSecret: platform.authTokenSecret,
    plugins: ['documents'],
    mongoUrl: platform.mongoUrl,
    dbName: `dashboard-bench-${randomBytes(4).toString('hex')}`,
    logger,
    cacheMs,
  });
const apis: RunningDashboardApi[] = [];
const db = await mongoose.createConnection(platform.mongoUrl, { dbName: platform.dbNames.documents }).asPromise();

try {
  // 100,000 documents over 12 types (one in twelve without a type) made over the last 24 months, as the plugin stores them.
  const typeIds = Array.from({ length: TYPES }, () => new Types.ObjectId());
  await db.collection('document_types').insertMany(typeIds.map((_id, index) => ({ _id, name: `Type ${index + 1}`, createdAt: new Date() })));
  const start = Date.UTC(2024, 10, 1);
  const span = 730 * 24 * 3600 * 1000;
  for (let first = 0; first < DOCUMENTS; first += 5000) {
    await db.collection('documents').insertMany(
      Array.from({ length: Math.min(5000, DOCUMENTS - first) }, (_, offset) => {
        const index = first + offset;
        const createdAt = new Date(start + Math.floor((index * 7919) % DOCUMENTS * (span / DOCUMENTS)));
        const typeId = index % (TYPES + 1) === TYPES ? undefined : String(typeIds[index % (TYPES + 1)]);
        return { name: `Document ${index}`, ...(typeId ? { typeId } : {}), checked: index % 3 === 0, createdAt, updatedAt: createdAt };
      }),
    );
  }
  console.log(`${DOCUMENTS} documents seeded; node ${process.version}; load average ${load()}`);

  const uncached = await startApi(0);
  const cached = await startApi(60_000);
  apis.push(uncached, cached);
  const headers = { cookie: platform.authCookie };
  const ask = async (api: RunningDashboardApi, query: object) => {
    const response = await fetch(`${api.url}/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers });
    const body = (await response.json()) as { data?: Array<Record<string, unknown>> };
    if (response.status !== 200 || !body.data) throw new Error(`${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data;
  };

  for (const [name, query] of Object.entries(queries)) {
    // The answer must be right before its time means anything.
    const rows = await ask(uncached, query);
    const total = rows.reduce((sum, row) => sum + Number(row['Documents.count']), 0);
    if (total !== DOCUMENTS) throw new Error(`${name}: the rows add up to ${total}, not ${DOCUMENTS}`);
    const p50s: number[] = [];
    const cpus: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const times: number[] = [];
      const cpu = process.cpuUsage();
      for (let request = 0; request < REQUESTS; request += 1) {
        const started = performance.now();
        await ask(uncached, query);
        times.push(performance.now() - started);
      }
      const used = process.cpuUsage(cpu);
      p50s.push(percentile(times, 0.5));
      cpus.push((used.user + used.system) / 1000 / REQUESTS);
      console.log(`${name}, cache off, round ${round + 1}: p50 ${ms(percentile(times, 0.5))} ms, p90 ${ms(percentile(times, 0.9))} ms over ${REQUESTS} (${rows.length} rows), CPU of the process (all threads) ${ms(cpus.at(-1)!)} ms per request, load ${load()}`);
    }
    console.log(`${name}, cache off: median p50 ${ms(percentile(p50s, 0.5))} ms (rounds ${p50s.map(ms).join(', ')}; spread ${ms(sorted(p50s)[0]!)}–${ms(sorted(p50s).at(-1)!)})`);

    await ask(cached, query);
    const cachedP50s: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const times: number[] = [];
      for (let request = 0; request < CACHED_REQUESTS; request += 1) {
        const started = performance.now();
        await ask(cached, query);
        times.push(performance.now() - started);
      }
      cachedP50s.push(percentile(times, 0.5));
    }
    console.log(`${name}, cached: median p50 ${ms(percentile(cachedP50s, 0.5))} ms (rounds ${cachedP50s.map(ms).join(', ')}), load ${load()}`);
  }
} finally {
  for (const api of apis) await api.stop();
  await db.close();
  await platform.stop();
}
