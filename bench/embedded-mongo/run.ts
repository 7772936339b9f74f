/**
 * Benchmark of @lattice/embedded-mongo through the official driver over loopback, with the server
 * in its own process (as `npm start` runs it). Writes RESULTS.md and results.json beside this file.
 *
 *   npm run bench -w @lattice/embedded-mongo
 *   npm run bench -w @lattice/embedded-mongo -- --against /tmp/em-base/packages/embedded-mongo --label 'commit 9d324cb' --rounds 5
 *
 * With --against (another checkout of the package, e.g. a git worktree of an earlier commit whose
 * node_modules is a link to this one's), it also runs the by-_id, indexed-query and memory figures
 * for both builds in alternating rounds and records each figure's median with its range.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { type Collection, MongoClient, ObjectId } from 'mongodb';

const options = parseArgs({ options: { against: { type: 'string' }, label: { type: 'string' }, rounds: { type: 'string', default: '5' } } }).values;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = join(HERE, '../../packages/embedded-mongo');

interface Server {
  uri: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the CLI (built dist when present, else the sources through tsx) and waits for its URI line. */
async function startServer(dbPath?: string, packageDir = PACKAGE): Promise<Server & { runtime: string }> {
  const dist = join(packageDir, 'dist/cli.js');
  // A comparison runs both checkouts from their sources, so a stale dist/ cannot stand in for either.
  const useDist = options.against === undefined && existsSync(dist);
  const args = useDist ? [dist] : ['--conditions=development', '--import', 'tsx', join(packageDir, 'src/cli.ts')];
  args.push('--port', '0', ...(dbPath ? ['--dbpath', dbPath] : []));
  const child: ChildProcessByStdio<null, Readable, null> = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  for await (const chunk of child.stdout) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const uri = /(mongodb:\/\/\S+)/.exec(text)?.[1];
  if (!uri || child.pid === undefined) throw new Error(`server did not start: ${text}`);
  return {
    uri,
    pid: child.pid,
    runtime: useDist ? 'dist/cli.js' : 'src/cli.ts via tsx',
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function latencies(runs: number, op: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(500, runs); i++) await op(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await op(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const small = (i: number) => ({ _id: new ObjectId(), i, name: `item-${i}`, group: i % 100, active: i % 2 === 0 });

async function timed(op: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await op();
  return round(Number(process.hrtime.bigint() - start) / 1e6);
}

async function insertOneByOne(c: Collection, n: number, writers: number): Promise<number> {
  let next = 0;
  return timed(() =>
    Promise.all(
      Array.from({ length: writers }, async () => {
        while (next < n) await c.insertOne(small(next++));
      }),
    ),
  );
}

async function writeBench(label: string, dbPath: string | undefined) {
  const server = await startServer(dbPath);
  const client = await MongoClient.connect(server.uri, { maxPoolSize: 20 });
  try {
    const db = client.db('bench');
    const insertManyMs = await timed(() => db.collection('many').insertMany(Array.from({ length: 10_000 }, (_, i) => small(i))));
    const oneByOneMs = await insertOneByOne(db.collection('single'), 10_000, 1);
    const concurrentMs = await insertOneByOne(db.collection('concurrent'), 10_000, 16);
    const ids = (await db.collection('many').find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    const byId = await latencies(10_000, (i) => db.collection('many').findOne({ _id: ids[(i * 7919) % ids.length] }));
    return { label, runtime: server.runtime, insertMany10kMs: insertManyMs, insertOneByOne10kMs: oneByOneMs, insertOne10kWith16WritersMs: concurrentMs, findByIdMs: byId };
  } finally {
    await client.close();
    await server.stop();
  }
}

async function indexedQueryBench(packageDir = PACKAGE) {
  const server = await startServer(undefined, packageDir);
  const client = await MongoClient.connect(server.uri);
  try {
    const db = client.db('bench');
    const results: Record<string, { p50: number; p99: number }> = {};
    const rssBefore = await rssMb(server.pid);
    let rssAt100k = 0;
    for (const size of [1_000, 100_000]) {
      const c = db.collection(`indexed${size}`);
      await c.createIndex({ k: 1 });
      for (let start = 0; start < size; start += 10_000) {
        await c.insertMany(Array.from({ length: Math.min(10_000, size - start) }, (_, j) => ({ ...small(start + j), k: `key-${start + j}` })));
      }
      results[`docs${size}`] = await latencies(5_000, (i) => c.find({ k: `key-${(i * 7919) % size}` }).toArray());
      if (size === 100_000) {
        await db.collection('indexed1000').drop();
        (globalThis as { gc?: () => void }).gc?.();
        await new Promise((resolve) => setTimeout(resolve, 500));
        rssAt100k = await rssMb(server.pid);
      }
    }
    const ratio = round((results.docs100000?.p50 ?? 0) / (results.docs1000?.p50 ?? 1));
    return { indexedEqualityMs: results, p50Ratio100kTo1k: ratio, rssIdleMb: rssBefore, rssAt100kDocsMb: rssAt100k };
  } finally {
    await client.close();
    await server.stop();
  }
}

/** find by _id over 10k documents: the p50 the target is about, without the write phases. */
async function findByIdP50(packageDir: string): Promise<number> {
  const server = await startServer(undefined, packageDir);
  const client = await MongoClient.connect(server.uri);
  try {
    const c = client.db('bench').collection('many');
    await c.insertMany(Array.from({ length: 10_000 }, (_, i) => small(i)));
    const ids = (await c.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    return (await latencies(5_000, (i) => c.findOne({ _id: ids[(i * 7919) % ids.length] }))).p50;
  } finally {
    await client.close();
    await server.stop();
  }
}

interface RoundFigures {
  findByIdP50Ms: number;
  indexed1kP50Ms: number;
  indexed100kP50Ms: number;
  ratio100kTo1k: number;
  rssAt100kMb: number;
}

async function runRound(packageDir: string): Promise<RoundFigures> {
  const byId = await findByIdP50(packageDir);
  const indexed = await indexedQueryBench(packageDir);
  return {
    findByIdP50Ms: byId,
    indexed1kP50Ms: indexed.indexedEqualityMs.docs1000?.p50 ?? Number.NaN,
    indexed100kP50Ms: indexed.indexedEqualityMs.docs100000?.p50 ?? Number.NaN,
    ratio100kTo1k: indexed.p50Ratio100kTo1k,
    rssAt100kMb: indexed.rssAt100kDocsMb,
  };
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted.length % 2 === 1 ? (sorted[(sorted.length - 1) / 2] as number) : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
  return `${round(median)} (${round(sorted[0] as number)}–${round(sorted.at(-1) as number)})`;
}

/** Alternates rounds of this build and the other one, so drift in the machine's load hits both alike. */
async function compare(otherDir: string, label: string, rounds: number): Promise<string> {
  const mine: RoundFigures[] = [];
  const theirs: RoundFigures[] = [];
  for (let i = 0; i < rounds; i++) {
    const [first, second] = i % 2 === 0 ? [PACKAGE, otherDir] : [otherDir, PACKAGE];
    const a = await runRound(first);
    const b = await runRound(second);
    (first === PACKAGE ? mine : theirs).push(a);
    (second === PACKAGE ? mine : theirs).push(b);
  }
  const row = (label: string, key: keyof RoundFigures): string =>
    `| ${label} | ${spread(theirs.map((r) => r[key]))} | ${spread(mine.map((r) => r[key]))} |`;
  return `## Against ${label}

${rounds} alternating rounds of each build (the server from each checkout's sources through tsx). Median (min–max):

| figure | ${label} | this build |
|---|---|---|
${row('find by _id p50 (ms)', 'findByIdP50Ms')}
${row('indexed query p50 at 1k (ms)', 'indexed1kP50Ms')}
${row('indexed query p50 at 100k (ms)', 'indexed100kP50Ms')}
${row('p50 at 100k / p50 at 1k', 'ratio100kTo1k')}
${row('RSS with 100k documents (MB)', 'rssAt100kMb')}
`;
}

const dir = await mkdtemp(join(tmpdir(), 'em-bench-'));
try {
  const memory = await writeBench('in memory', undefined);
  const durable = await writeBench('dbPath (fsync before ack)', join(dir, 'data'));
  const indexed = await indexedQueryBench();
  const results = {
    date: new Date().toISOString(),
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), shared and noisy (load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end of the run); node ${process.version}`,
    write: [memory, durable],
    indexed,
    targets: {
      findByIdP50Under05ms: memory.findByIdMs.p50 < 0.5,
      indexedQuery100kUnder3xOf1k: indexed.p50Ratio100kTo1k < 3,
      rssAt100kUnder300Mb: indexed.rssAt100kDocsMb < 300,
    },
  };
  await writeFile(join(HERE, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  const rows = results.write
    .map((w) => `| ${w.label} | ${w.insertMany10kMs} | ${w.insertOneByOne10kMs} | ${w.insertOne10kWith16WritersMs} | ${w.findByIdMs.p50} | ${w.findByIdMs.p99} |`)
    .join('\n');
  const ok = (flag: boolean): string => (flag ? 'met' : '**missed**');
  const md = `# embedded-mongo benchmark results

Recorded by \`npm run bench -w @lattice/embedded-mongo\` (bench/embedded-mongo/run.ts) on ${results.date}.
Machine: ${results.machine}. The server runs in its own process (${memory.runtime}); the client is the
official \`mongodb\` driver over loopback. Figures from a shared, noisy machine: read them as orders of magnitude.

## Writes and reads by _id (10k small documents)

| mode | insertMany 10k (ms) | insertOne x10k, one at a time (ms) | insertOne x10k, 16 concurrent writers (ms) | find by _id p50 (ms) | find by _id p99 (ms) |
|---|---|---|---|---|---|
${rows}

With a dbPath every acknowledged write has been fsynced; concurrent writers share fsyncs (group commit).

## Indexed equality query (\`find({k})\`, index on \`k\`, one match)

| collection size | p50 (ms) | p99 (ms) |
|---|---|---|
| 1,000 | ${indexed.indexedEqualityMs.docs1000?.p50} | ${indexed.indexedEqualityMs.docs1000?.p99} |
| 100,000 | ${indexed.indexedEqualityMs.docs100000?.p50} | ${indexed.indexedEqualityMs.docs100000?.p99} |

p50 at 100k / p50 at 1k = ${indexed.p50Ratio100kTo1k}.

## Memory

Server RSS idle: ${indexed.rssIdleMb} MB; with 100,000 small documents (indexed on \`k\`): ${indexed.rssAt100kDocsMb} MB.

## Targets

| target | result |
|---|---|
| find by _id p50 under 0.5 ms over loopback | ${memory.findByIdMs.p50} ms, ${ok(results.targets.findByIdP50Under05ms)} |
| indexed query at 100k under 3x its time at 1k | ${indexed.p50Ratio100kTo1k}x, ${ok(results.targets.indexedQuery100kUnder3xOf1k)} |
| RSS at 100k small documents under 300 MB | ${indexed.rssAt100kDocsMb} MB, ${ok(results.targets.rssAt100kUnder300Mb)} |
${options.against ? `\n${await compare(options.against, options.label ?? options.against, Number(options.rounds))}` : ''}`;
  await writeFile(join(HERE, 'RESULTS.md'), md);
  process.stdout.write(md);
} finally {
  await rm(dir, { recursive: true, force: true });
}
