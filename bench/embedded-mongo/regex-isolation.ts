/**
 * How long another client's find by _id takes while one client runs the catastrophic regular expression
 * `^(a+)+$` over 31-character strings (issue 17's target: under 50 ms), beside the same finds with nothing
 * else running, in alternating rounds. The server runs in its own process, as `npm start` runs it.
 * Writes REGEX-ISOLATION.md beside this file.
 *
 *   npm run bench:regex -w @lattice/embedded-mongo
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = join(HERE, '../../packages/embedded-mongo');
const rounds = 7;
const findsPerSide = 400;
const evil = `${'a'.repeat(31)}b`;

async function startServer(): Promise<{ uri: string; stop(): Promise<void> }> {
  const dist = join(PACKAGE, 'dist/cli.js');
  const args = existsSync(dist) ? [dist] : ['--conditions=development', '--import', 'tsx', join(PACKAGE, 'src/cli.ts')];
  const child = spawn(process.execPath, [...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  for await (const chunk of child.stdout) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  const uri = /(mongodb:\/\/\S+)/.exec(text)?.[1];
  if (!uri) throw new Error(`server did not start: ${text}`);
  return {
    uri,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Side {
  p50: number;
  p99: number;
  max: number;
  regexRuns: number;
}

/** `findsPerSide` finds by _id from one client; with `withRegex`, the other client runs the regex meanwhile, back to back. */
async function measure(uri: string, withRegex: boolean): Promise<Side> {
  const slow = await MongoClient.connect(uri);
  const fast = await MongoClient.connect(uri);
  try {
    const items = slow.db('bench').collection<{ _id: number; s: string }>('items');
    const other = fast.db('bench').collection<{ _id: number; s: string }>('items');
    await other.findOne({ _id: 7 });
    let done = false;
    let regexRuns = 0;
    const regex = (async () => {
      while (withRegex && !done) {
        const found = await items.find({ s: { $regex: '^(a+)+$' } }).toArray();
        if (found.length !== 1) throw new Error(`the regex found ${found.length} documents`);
        regexRuns += 1;
      }
    })();
    const times: number[] = [];
    for (let i = 0; i < findsPerSide; i++) {
      const started = performance.now();
      if ((await other.findOne({ _id: 7 }))?.s !== 'aaaa') throw new Error('wrong document');
      times.push(performance.now() - started);
    }
    done = true;
    await regex;
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? Number.NaN, regexRuns };
  } finally {
    await slow.close();
    await fast.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const figure = (values: number[]): string => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

const server = await startServer();
const alone: Side[] = [];
const beside: Side[] = [];
const loads: number[] = [];
try {
  const seed = await MongoClient.connect(server.uri);
  await seed.db('bench').collection('items').insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: i, s: i === 7 ? 'aaaa' : evil })) as never[]);
  await seed.close();
  for (let round = 0; round < rounds; round++) {
    // Alternating which side goes first, so drift in the machine's load hits both alike.
    const order = round % 2 === 0 ? [false, true] : [true, false];
    for (const withRegex of order) (withRegex ? beside : alone).push(await measure(server.uri, withRegex));
    loads.push(loadavg()[0] ?? Number.NaN);
  }
} finally {
  await server.stop();
}

const row = (label: string, key: keyof Side) => `| ${label} | ${figure(alone.map((side) => side[key]))} | ${figure(beside.map((side) => side[key]))} |`;
const maxMedian = median(beside.map((side) => side.max));
const md = `# embedded-mongo: a find by _id while another client runs a catastrophic regular expression

Recorded by \`npm run bench:regex -w @lattice/embedded-mongo\` (bench/embedded-mongo/regex-isolation.ts) on ${new Date().toISOString()}.
Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), shared; node ${process.version}; 1-minute load average per round:
${loads.map((load) => load.toFixed(1)).join(', ')}.

One server process; client A runs \`find({s: {$regex: '^(a+)+$'}})\` over 49 strings of 31 \`a\`s and a \`b\` back to back
(${median(beside.map((side) => side.regexRuns))} runs per round, median) while client B makes ${findsPerSide} finds by _id, one at a time;
beside it, B's finds with nothing else running. ${rounds} alternating rounds; median (min–max) of each round's figure, in ms:

| find by _id | alone | while the regex runs |
|---|---|---|
${row('p50', 'p50')}
${row('p99', 'p99')}
${row('slowest', 'max')}

Target: every find by _id under 50 ms while the regex runs: median of the rounds' slowest ${maxMedian.toFixed(2)} ms, ${maxMedian < 50 ? 'met' : '**missed**'}.
Before the guard (linear-time re2, a budget for what re2 cannot run), the regex held the server for minutes.
`;
await writeFile(join(HERE, 'REGEX-ISOLATION.md'), md);
process.stdout.write(md);
