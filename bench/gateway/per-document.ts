/**
 * bench/gateway, per document: the documents subgraph's CPU per document of an unpaged `documents` at 1,000,
 * 5,000 and 20,000 documents, beside the floor measured in the same run: decoding the same documents from BSON
 * (as the driver receives them) and JSON.stringify of the answer. The subgraph runs in a process of its own with NODE_ENV=production
 * and npm start's --max-semi-space-size=64 (per-document-platform.ts; BENCH_SEMI_SPACE=default for V8's own);
 * the database runs in this process, so the subgraph's CPU (/proc, user + system) is its own: GraphQL, the driver's
 * decoding, the token check, the HTTP answer. Requests go to the subgraph directly, signed as the gateway signs.
 * BENCH_ROUNDS (5) rounds of BENCH_REQUESTS (10) requests per size; cells are medians of the rounds (min–max).
 * Run: node --conditions=development --import tsx bench/gateway/per-document.ts (prints a Markdown table).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/contracts';
import { startTestDatabase } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';

const { BSON } = mongoose.mongo;
import { request } from 'undici';
import { median } from './measure.js';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const requestsPerRound = Number(process.env['BENCH_REQUESTS'] ?? 10);
const sizes = [1_000, 5_000, 20_000];
const query = JSON.stringify({ query: '{ documents { _id name createdAt expiryDate checked typeId order } }' });

/** CPU time (ms, user + system) of process `pid` so far. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const database = await startTestDatabase();
// BENCH_PROFILE=<dir>: a CPU profile of the subgraph's process is written there.
const profile = process.env['BENCH_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`] : [];
// npm start's young generation (package.json); BENCH_SEMI_SPACE=default measures V8's own (16 MB).
const semiSpace = process.env['BENCH_SEMI_SPACE'] ?? '64';
const semiSpaceFlag = semiSpace === 'default' ? [] : [`--max-semi-space-size=${semiSpace}`];
const child = spawn(process.execPath, [...profile, ...semiSpaceFlag, '--conditions=development', '--import', 'tsx', new URL('./per-document-platform.ts', import.meta.url).pathname], {
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { ...process.env, MONGO_URL: database.url, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
});
const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
const platform = JSON.parse(firstLine) as { documentsUrl: string; secret: string; cookie: string; dbName: string; nodeEnv: string };
const signer = createSubgraphSigner(subgraphSigningKey(platform.secret));
const url = `${platform.documentsUrl}/graphql`;
const send = async (): Promise<void> => {
  const headers = { 'content-type': 'application/json', cookie: platform.cookie, ...signer.headers({ audience: 'documents', method: 'POST', target: '/graphql' }, query) };
  const response = await request(url, { method: 'POST', body: query, headers });
  const text = await response.body.text();
  if (response.statusCode !== 200 || text.includes('"errors"')) throw new Error(`bad answer: ${text.slice(0, 300)}`);
};

const db = await mongoose.createConnection(database.url, { dbName: platform.dbName }).asPromise();
const rows: string[] = [];
try {
  for (const size of sizes) {
    const existing = await db.collection('documents').countDocuments();
    const docs = Array.from({ length: size - existing }, (_, index) => ({
      name: `document ${existing + index}`,
      createdAt: new Date(),
      expiryDate: new Date(Date.UTC(2030, 0, 1 + (index % 365))),
      checked: index % 2 === 0,
      typeId: null,
      order: existing + index,
    }));
    if (docs.length > 0) await db.collection('documents').insertMany(docs);
    // Warm up.
    for (let index = 0; index < 3; index++) await send();
    const stored = BSON.serialize({ documents: await db.collection('documents').find().sort({ order: 1, name: 1, _id: 1 }).toArray() });
    const perDoc: number[] = [];
    const floorPerDoc: number[] = [];
    const ratios: number[] = [];
    const loads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      loads.push(loadavg()[0]!);
      const before = await cpuMs(child.pid!);
      for (let index = 0; index < requestsPerRound; index++) await send();
      const subgraph = (await cpuMs(child.pid!)) - before;
      // The floor, in the same round: decoding the documents as the driver gets them (BSON) and JSON.stringify of the answer.
      const started = process.cpuUsage();
      for (let index = 0; index < requestsPerRound; index++) JSON.stringify({ data: { documents: BSON.deserialize(stored).documents } });
      const used = process.cpuUsage(started);
      const floor = (used.user + used.system) / 1000;
      perDoc.push((subgraph / requestsPerRound / size) * 1000);
      floorPerDoc.push((floor / requestsPerRound / size) * 1000);
      ratios.push(subgraph / floor);
    }
    const cell = (values: number[], digits: number) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
    rows.push(`| ${size.toLocaleString('en')} | ${cell(perDoc, 1)} | ${cell(floorPerDoc, 2)} | ${cell(ratios, 1)} | ${cell(loads, 1)} |`);
    console.error(rows.at(-1));
  }
} finally {
  await db.close();
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
  await database.stop();
}
console.log(`NODE_ENV of the subgraph: ${platform.nodeEnv}; its semi-space: ${semiSpace === 'default' ? 'V8 default' : `${semiSpace} MB`}; ${rounds} rounds of ${requestsPerRound} requests per size; cells: median (min–max)\n`);
console.log('| documents | subgraph CPU per document (µs) | floor per document (µs): BSON decoding + JSON.stringify | subgraph ÷ floor | load average (1 min) |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
