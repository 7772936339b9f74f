/**
 * bench/ingest: messages per second through POST /receive end to end — gateway, imap plugin, contacts and
 * inbox over the broker, embedded MongoDB — with new senders and replies mixed half and half; p50/p99
 * latency per request. Also the same load straight to the imap plugin host, to show the gateway's share.
 * Run: npm run bench -w @lattice/plugin-imap (writes RESULTS.md next to this file).
 * INGEST_MESSAGES (default 3000 per row) and INGEST_CONCURRENCY (default "4,32,64": one row per level) bound the run;
 * INGEST_TARGETS ("gw,direct") picks the targets, INGEST_WRITE=no leaves RESULTS.md alone, INGEST_PROFILE=<folder>
 * writes a CPU profile of the platform's main thread for each measured row, INGEST_BROKERS ("rabbitmq,in-process")
 * picks the brokers: RabbitMQ (services mode, and the acceptance tests) and npm start's default in-process broker.
 * INGEST_GENERATORS ("node") picks the load generators: load.ts (Node, undici; also times the replies alone) and
 * wrk with load.lua (Debian's wrk, a tenth of the CPU per message, to show what the sender's share costs).
 */
import { execFile, execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/platform';
import { startTestPlatform } from '@lattice/platform/test-kit';
import type { LoadJob, LoadResult } from './load.js';

const messages = Number(process.env.INGEST_MESSAGES ?? 3_000);
const concurrencies = (process.env.INGEST_CONCURRENCY ?? '4,32,64').split(',').map(Number);
const targetTags = (process.env.INGEST_TARGETS ?? 'gw,direct').split(',');
const warmUp = Math.min(500, Math.ceil(messages / 6));
const brokerTags = (process.env.INGEST_BROKERS ?? 'rabbitmq,in-process').split(',');
const generatorTags = (process.env.INGEST_GENERATORS ?? 'node').split(',');
const rabbitMQUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

interface RunResult {
  broker: string;
  generator: string;
  target: string;
  concurrency: number;
  messages: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  /** p99 of the replies alone; the rest of the deliveries come from new senders. */
  p99Reply: number;
  max: number;
  replies: number;
  /** CPU time the platform's process (gateway, plugins, embedded MongoDB thread) spent per message. */
  nodeCpuMs: number;
  /** CPU time the load generator's process spent per message. */
  loadCpuMs: number;
  /** CPU time the RabbitMQ server spent per message; NaN with the in-process broker. */
  rabbitCpuMs: number;
  /** Read and write system calls the platform's process made per message (sockets mostly). */
  syscalls: number;
}

/** Read and write system calls this process has made (all threads), from /proc. */
function ownSyscalls(): number {
  const io = readFileSync('/proc/self/io', 'utf8');
  const count = (field: string) => Number(new RegExp(`^${field}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
  return count('syscr') + count('syscw');
}

/** The RabbitMQ server's process, whose CPU time the run also counts. */
function rabbitMQPid(): number | undefined {
  try {
    return Number(execFileSync('pgrep', ['-o', 'beam.smp'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds (user + system) from /proc: a process's own, or what its finished children used. */
function processCpuMs(pid: number | 'self', whose: 'own' | 'children' = 'own'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const user = whose === 'own' ? 11 : 13;
  return ((Number(fields[user]) + Number(fields[user + 1])) * 1000) / 100;
}

/** Per message: CPU of the platform (this process) and RabbitMQ, and the platform's read/write system calls. */
type PlatformCosts = Pick<RunResult, 'nodeCpuMs' | 'rabbitCpuMs' | 'syscalls'>;

/**
 * Runs one load, counting what the platform, RabbitMQ and the finished child processes (wrk) spent meanwhile;
 * `work` answers how many messages were delivered, which the platform's costs are divided by.
 */
async function measureCosts<T extends { delivered: number }>(brokerKind: string, work: () => Promise<T>) {
  const rabbitPid = brokerKind === 'RabbitMQ' ? rabbitMQPid() : undefined;
  const rabbitCpuBefore = rabbitPid ? processCpuMs(rabbitPid) : NaN;
  const childrenCpuBefore = processCpuMs('self', 'children');
  const cpuBefore = process.cpuUsage();
  const syscallsBefore = ownSyscalls();
  const outcome = await work();
  const cpu = process.cpuUsage(cpuBefore);
  const syscalls = ownSyscalls() - syscallsBefore;
  const rabbitCpuMs = rabbitPid ? processCpuMs(rabbitPid) - rabbitCpuBefore : NaN;
  const costs: PlatformCosts = {
    nodeCpuMs: (cpu.user + cpu.system) / 1000 / outcome.delivered,
    rabbitCpuMs: rabbitCpuMs / outcome.delivered,
    syscalls: syscalls / outcome.delivered,
  };
  return { outcome, costs, childrenCpuMs: processCpuMs('self', 'children') - childrenCpuBefore };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function connectBroker(tag: string): Promise<{ broker: MessageBroker; kind: string }> {
  if (tag === 'in-process') return { broker: createInProcessBroker(), kind: 'in-process' };
  return { broker: await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'bench-ingest' }), kind: 'RabbitMQ' };
}

const profileFolder = process.env.INGEST_PROFILE;

/** Profiles the main thread while `work` runs, into `<INGEST_PROFILE>/<name>.cpuprofile`. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profileFolder) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(join(profileFolder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

interface WrkSummary {
  requests: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non200: number;
  socketErrors: number;
}

/** wrk runs for a time, not a count: the seconds it is given are `count` divided by this rate. */
const wrkExpectedRate = 1_000;

/** Runs one job with wrk and load.lua. */
async function loadWithWrk(job: LoadJob, brokerKind: string): Promise<RunResult> {
  const script = fileURLToPath(new URL('./load.lua', import.meta.url));
  const seconds = Math.max(1, Math.round(job.count / wrkExpectedRate));
  const args = ['-t1', `-c${job.concurrency}`, `-d${seconds}s`, '-s', script, job.url, '--', job.tag, job.integrationId, job.token, String(job.concurrency)];
  const { outcome: summary, costs, childrenCpuMs } = await measureCosts(brokerKind, async () => {
    const { stdout } = await promisify(execFile)('wrk', args);
    const summaryLine = stdout.split('\n').find((line) => line.startsWith('{"requests"'));
    if (!summaryLine) throw new Error(`wrk printed no summary: ${stdout}`);
    const parsed = JSON.parse(summaryLine) as WrkSummary;
    return { ...parsed, delivered: parsed.requests };
  });
  if (summary.non200 > 0 || summary.socketErrors > 0) throw new Error(`wrk saw ${summary.non200} failed deliveries and ${summary.socketErrors} socket errors`);
  return {
    broker: brokerKind,
    generator: 'wrk',
    target: '',
    concurrency: job.concurrency,
    messages: summary.delivered,
    seconds: summary.seconds,
    perSecond: summary.delivered / summary.seconds,
    p50: summary.p50,
    p90: summary.p90,
    p99: summary.p99,
    p99Reply: NaN,
    max: summary.max,
    replies: NaN,
    ...costs,
    loadCpuMs: childrenCpuMs / summary.delivered,
  };
}

/** Runs one job in the load generator's process (load.ts), which measures its own CPU. */
async function loadWithNode(job: LoadJob, brokerKind: string): Promise<RunResult> {
  const { outcome: measured, costs } = await measureCosts(brokerKind, async () => {
    const generator = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [JSON.stringify(job)], { execArgv: process.execArgv });
    const [result] = (await Promise.race([
      once(generator, 'message'),
      once(generator, 'exit').then(([code]) => {
        throw new Error(`the load generator exited with code ${String(code)}`);
      }),
    ])) as [LoadResult];
    return { ...result, delivered: job.count, exited: once(generator, 'exit') };
  });
  await measured.exited;
  const { latencies, replyLatencies, seconds, replies } = measured;
  return {
    broker: brokerKind,
    generator: 'Node (undici)',
    target: '',
    concurrency: job.concurrency,
    messages: job.count,
    seconds,
    perSecond: job.count / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    p99Reply: percentile(replyLatencies, 99),
    max: latencies.at(-1) ?? NaN,
    replies,
    ...costs,
    loadCpuMs: measured.cpuMs / job.count,
  };
}

const plugins = await Promise.all(['contacts', 'inbox', 'imap'].map((name) => loadPluginPackage(name)));
const results: RunResult[] = [];
let conversationsStored = 0;

/** Every concurrency level and target on a fresh platform that uses this broker. */
async function measureWith(brokerTag: string): Promise<void> {
  const { broker, kind: brokerKind } = await connectBroker(brokerTag);
  const platform = await startTestPlatform({ plugins, broker, databaseOnThread: true });
  try {
    const created = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } }>(
      'mutation { integrationsCreateExternalIntegration(kind: "imap", name: "Bench") { _id webhookToken } }',
    );
    const integration = created.data?.integrationsCreateExternalIntegration;
    if (!integration) throw new Error(`could not create the integration: ${JSON.stringify(created.errors)}`);
    const imapHost = platform.plugins.get('imap')?.url;
    if (!imapHost) throw new Error('the imap plugin is not running');
    const targets = [
      { name: 'through the gateway (POST /pl:imap/receive)', url: `${platform.gatewayUrl}/pl:imap/receive`, tag: 'gw' },
      { name: 'straight to the imap plugin host (POST /receive)', url: `${imapHost}/receive`, tag: 'direct' },
    ];
    for (const concurrency of concurrencies) {
      for (const target of targets.filter((entry) => targetTags.includes(entry.tag))) {
        for (const generator of generatorTags) {
          const run = generator === 'wrk' ? loadWithWrk : loadWithNode;
          // The row's number keeps messageIds unique when a level or generator is listed twice (else all duplicates).
          const tag = `${brokerTag}-${target.tag}-c${concurrency}-${generator}-${results.length}`;
          const job = { url: target.url, integrationId: integration._id, token: integration.webhookToken, concurrency };
          await run({ ...job, tag: `${tag}-warm`, count: warmUp }, brokerKind);
          const result = await profiled(tag, () => run({ ...job, tag, count: messages }, brokerKind));
          result.target = target.name;
          results.push(result);
          console.log(brokerKind, generator, target.name, JSON.stringify(result));
        }
      }
    }
    const stored = await platform.graphql<{ conversationsTotalCount: number }>('{ conversationsTotalCount }');
    conversationsStored += stored.data?.conversationsTotalCount ?? 0;
  } finally {
    await platform.stop();
    await broker.close();
  }
}

const loadBefore = loadavg();
for (const brokerTag of brokerTags) await measureWith(brokerTag);

const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));
const lines = [
  '# bench/ingest — POST /receive end to end',
  '',
  'Each delivery: token check, SPEC.md rules 1–5 (duplicate check, local customer or contacts RPCs, related-message',
  'lookup, `inbox:integrations.receive` RPC, Message insert), answered `200 Successfully receiving message`.',
  'Half the deliveries come from a new sender (new customer in imap and contacts, new conversation), half reply to',
  'an earlier message of the run (known customer, thread lookup, conversation update).',
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average before the run ${loadBefore.map((value) => value.toFixed(2)).join(' ')}`,
  `- broker: RabbitMQ 127.0.0.1:5672 (services mode; the acceptance tests) or in-process (npm start's default), a fresh platform for each; database: ${process.env.MONGO_URL ? 'MONGO_URL' : 'embedded MongoDB (in memory) on its own thread, as lattice start runs it'}; gateway and plugins in one Node process; the load generator in another`,
  `- ${messages} messages per row after ${warmUp} warm-up messages; concurrent requests (keep-alive) as the row says`,
  ...(generatorTags.includes('wrk')
    ? [`- wrk rows run for ${Math.max(1, Math.round(messages / wrkExpectedRate))} s and count the deliveries answered in that time; wrk does not time the replies alone`]
    : []),
  '',
  '| broker | generator | target | concurrent | messages/s | p50 ms | p90 ms | p99 ms | p99 ms of replies | max ms | replies | CPU ms/msg platform | CPU ms/msg RabbitMQ | CPU ms/msg load generator | syscalls/msg platform |',
  '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (result) =>
      `| ${result.broker} | ${result.generator} | ${result.target} | ${result.concurrency} | ${result.perSecond.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p90)} | ${ms(result.p99)} | ${ms(result.p99Reply)} | ${ms(result.max)} | ${Number.isNaN(result.replies) ? '—' : result.replies} | ${result.nodeCpuMs.toFixed(2)} | ${Number.isNaN(result.rabbitCpuMs) ? '—' : result.rabbitCpuMs.toFixed(2)} | ${result.loadCpuMs.toFixed(2)} | ${result.syscalls.toFixed(0)} |`,
  ),
  '',
  `Conversations stored at the end: ${conversationsStored}.`,
  '',
];
if (process.env.INGEST_WRITE !== 'no') await writeFile(join(import.meta.dirname, 'RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
