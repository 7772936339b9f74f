/**
 * bench/search: how fast the essyncer follows changes into the embedded engine, and how fast a search answers,
 * at 100,000 indexed records, all embedded (embedded-mongo with change streams, @lattice/search-engine over HTTP).
 * Run: npm run bench -w @lattice/search (or node --conditions=development --import tsx bench/search/run.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedMongo } from '@lattice/embedded-mongo';
import { createSearchClient, indexName, startEssyncer, type DeclaredSearch } from '@lattice/search';
import { startSearchEngine } from '@lattice/search-engine';
import { MongoClient } from 'mongodb';

const RECORDS = Number(process.env.RECORDS ?? 100_000);
const UPDATE_ROUNDS = 3;
const UPDATES_PER_ROUND = 10_000;
const QUERY_ROUNDS = 3;
const QUERIES_PER_ROUND = 300;

const vocabulary = Array.from({ length: 3000 }, (_, i) => `w${(i * 7919).toString(36)}${'aeiou'[i % 5]}x`);
// mulberry32: 32-bit integer arithmetic throughout. (An earlier LCG here multiplied past 2^53 in floating point and
// drew only 434 of the 3,000 words, each then in ~3.7% of the records instead of ~0.5%.)
let seed = 42;
const random = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const words = (n: number) => Array.from({ length: n }, () => vocabulary[random(vocabulary.length)]).join(' ');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

const dir = await mkdtemp(join(tmpdir(), 'bench-search-'));
const mongo = await startEmbeddedMongo({ dbPath: join(dir, 'mongo'), log: () => undefined });
const engine = await startSearchEngine({ dataDir: join(dir, 'search'), log: () => undefined });
const client = await MongoClient.connect(mongo.uri);
const search = createSearchClient(engine.url);
const declared: DeclaredSearch = {
  plugin: 'bench',
  dbName: 'bench',
  declaration: { type: 'record', collection: 'records', fields: { title: 3, body: 1 }, title: ['title'], permission: 'bench:showRecords', url: '/r/{_id}' },
};
const index = indexName(declared);
const records = client.db('bench').collection<{ _id: number; title: string; body: string }>('records');
let essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [declared], log: { info: () => undefined, error: (line) => console.error(line) } });

async function until(count: () => Promise<boolean>): Promise<void> {
  while (!(await count())) await new Promise((resolve) => setTimeout(resolve, 20));
}

try {
  await until(() => search.indexExists(index));
  console.log(`load average before: ${load()}`);
  // Inserts: 100,000 records written in batches of 1,000, followed live by the essyncer.
  let started = performance.now();
  let cpu = process.cpuUsage();
  for (let i = 0; i < RECORDS; i += 1000) {
    await records.insertMany(Array.from({ length: Math.min(1000, RECORDS - i) }, (_, j) => ({ _id: i + j, title: words(3), body: words(12) })));
  }
  await until(async () => (await search.count(index)) >= RECORDS);
  let seconds = (performance.now() - started) / 1000;
  let used = process.cpuUsage(cpu);
  console.log(`inserts: ${RECORDS} synced in ${seconds.toFixed(1)} s = ${(RECORDS / seconds).toFixed(0)} changes/s (writes included), CPU ${((used.user + used.system) / RECORDS).toFixed(0)} µs per change (whole process), load ${load()}`);

  const rates: number[] = [];
  for (let round = 0; round < UPDATE_ROUNDS; round++) {
    const marker = `round${round}marker`;
    started = performance.now();
    cpu = process.cpuUsage();
    for (let i = 0; i < UPDATES_PER_ROUND; i += 500) {
      await records.bulkWrite(Array.from({ length: 500 }, (_, j) => ({ updateOne: { filter: { _id: (i + j) * 7 % RECORDS }, update: { $set: { body: `${marker} ${words(5)}` } } } })), { ordered: false });
    }
    const lastId = ((UPDATES_PER_ROUND - 1) * 7) % RECORDS;
    await until(async () => String((await search.getDocument(index, String(lastId)))?.body ?? '').startsWith(marker));
    seconds = (performance.now() - started) / 1000;
    used = process.cpuUsage(cpu);
    rates.push(UPDATES_PER_ROUND / seconds);
    console.log(`updates round ${round + 1}: ${UPDATES_PER_ROUND} in ${seconds.toFixed(2)} s = ${(UPDATES_PER_ROUND / seconds).toFixed(0)} changes/s, CPU ${((used.user + used.system) / UPDATES_PER_ROUND).toFixed(0)} µs per change, load ${load()}`);
  }
  console.log(`updates: median ${median(rates).toFixed(0)} changes/s (rounds ${rates.map((r) => r.toFixed(0)).join(', ')})`);

  // Catch-up: updates written while the essyncer is stopped, then followed from its resume token. The database's
  // own write work is outside the timing, so this is the synchroniser's pace alone (change stream with
  // updateLookup, essyncer, client, engine).
  const catchUpRates: number[] = [];
  for (let round = 0; round < UPDATE_ROUNDS; round++) {
    const marker = `catchup${round}marker`;
    await essyncer.stop();
    for (let i = 0; i < UPDATES_PER_ROUND; i += 500) {
      await records.bulkWrite(Array.from({ length: 500 }, (_, j) => ({ updateOne: { filter: { _id: (i + j) * 11 % RECORDS }, update: { $set: { body: `${marker} ${words(5)}` } } } })), { ordered: false });
    }
    started = performance.now();
    cpu = process.cpuUsage();
    essyncer = await startEssyncer({ mongoUrl: mongo.uri, search, declarations: [declared], log: { info: () => undefined, error: (line) => console.error(line) } });
    const lastId = ((UPDATES_PER_ROUND - 1) * 11) % RECORDS;
    await until(async () => String((await search.getDocument(index, String(lastId)))?.body ?? '').startsWith(marker));
    seconds = (performance.now() - started) / 1000;
    used = process.cpuUsage(cpu);
    catchUpRates.push(UPDATES_PER_ROUND / seconds);
    console.log(`catch-up round ${round + 1}: ${UPDATES_PER_ROUND} updates followed in ${seconds.toFixed(2)} s = ${(UPDATES_PER_ROUND / seconds).toFixed(0)} changes/s, CPU ${((used.user + used.system) / UPDATES_PER_ROUND).toFixed(0)} µs per change, load ${load()}`);
  }
  console.log(`catch-up: median ${median(catchUpRates).toFixed(0)} changes/s (rounds ${catchUpRates.map((r) => r.toFixed(0)).join(', ')})`);

  const p50s: number[] = [];
  const p99s: number[] = [];
  const cpuPerQuery: number[] = [];
  for (let round = 0; round < QUERY_ROUNDS; round++) {
    const times: number[] = [];
    cpu = process.cpuUsage();
    for (let q = 0; q < QUERIES_PER_ROUND; q++) {
      const word = vocabulary[random(vocabulary.length)] as string;
      // As the search subgraph asks: two words, the last one typed halfway (prefix), typo-tolerant, with the permission filter and highlighting.
      const text = q % 2 === 0 ? `${vocabulary[random(vocabulary.length)]} ${word.slice(0, 4)}` : word;
      const body = {
        size: 10,
        query: { bool: { must: [{ multi_match: { query: text, fields: ['title^3', 'body'], type: 'bool_prefix', operator: 'and', fuzziness: 'AUTO' } }], filter: [{ terms: { lattice_permission: ['bench:showRecords'] } }] } },
        highlight: { fields: { title: {}, body: {} }, pre_tags: ['<mark>'], post_tags: ['</mark>'], encoder: 'html', number_of_fragments: 1 },
      };
      const t = performance.now();
      await search.search(index, body);
      times.push(performance.now() - t);
    }
    used = process.cpuUsage(cpu);
    p50s.push(percentile(times, 0.5));
    p99s.push(percentile(times, 0.99));
    cpuPerQuery.push((used.user + used.system) / QUERIES_PER_ROUND / 1000);
    console.log(`queries round ${round + 1}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms over ${QUERIES_PER_ROUND}, CPU ${cpuPerQuery.at(-1)?.toFixed(1)} ms per query (whole process, client included), load ${load()}`);
  }
  console.log(`queries: median p50 ${median(p50s).toFixed(1)} ms (rounds ${p50s.map((v) => v.toFixed(1)).join(', ')}), median p99 ${median(p99s).toFixed(1)} ms (rounds ${p99s.map((v) => v.toFixed(1)).join(', ')}), median CPU ${median(cpuPerQuery).toFixed(1)} ms per query`);
} finally {
  await essyncer.stop();
  await search.close();
  await client.close();
  await engine.stop();
  await mongo.stop();
  await rm(dir, { recursive: true, force: true });
}
