/**
 * Broker benchmark, one run: RPC round trips at concurrency 1 and 64 and confirmed plain-message throughput
 * for the in-process broker and RabbitMQ, and RabbitMQ RPC over the broker's own reply queue against direct
 * reply-to, interleaved over several rounds because the machine is shared and noisy. Caller and consumer are
 * separate broker instances (separate connections for RabbitMQ) in this one process.
 *
 *   npm run bench -w @lattice/broker     # env: RABBITMQ_URL, BENCH_SCALE (default 1), BENCH_ROUNDS (default 3)
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker, type RpcReplyMode } from '@lattice/broker';
import { deleteQueues, RABBITMQ_URL } from './rabbitmq-admin.js';
import { measureCalls, measureThroughput, type RpcFigures, type ThroughputFigures } from './measure.js';
import { medianRpc, medianThroughput, rpcTable, targetLines, throughputTable, type RpcRow, type ThroughputRow } from './report.js';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const COUNTS = { warmup: Math.round(1000 * scale), serial: Math.round(3000 * scale), parallel: Math.round(20_000 * scale), plain: Math.round(30_000 * scale) };

const prefix = `bench${randomBytes(3).toString('hex')}`;
const queues: string[] = [];
const payload = (i: number) => ({ id: i, name: 'Invoice', typeId: 'invoice', checked: false });

function queueName(action: string): string {
  const queue = `${prefix}:${action}.${queues.length}`;
  queues.push(queue);
  return queue;
}

interface Pair {
  caller: MessageBroker;
  consumer: MessageBroker;
  close(): Promise<void>;
}

function inProcessPair(): Pair {
  // In embedded mode every plugin shares one in-process broker, so caller and consumer are the same instance.
  const broker = createInProcessBroker({ prefetch: 256 });
  return { caller: broker, consumer: broker, close: () => broker.close() };
}

async function rabbitPair(mode: RpcReplyMode): Promise<Pair> {
  const options = { url: RABBITMQ_URL, prefetch: 256 };
  const caller = await connectRabbitMQBroker({ ...options, rpcReplyMode: mode, connectionName: `${prefix}-caller` });
  const consumer = await connectRabbitMQBroker({ ...options, connectionName: `${prefix}-consumer` });
  return { caller, consumer, close: async () => void (await Promise.all([caller.close(), consumer.close()])) };
}

async function rpc(pair: Pair): Promise<{ serial: RpcFigures; parallel: RpcFigures }> {
  const queue = queueName('rpc');
  await pair.consumer.consumeRPCQueue(queue, (data) => data);
  await measureCalls(COUNTS.warmup, 16, (i) => pair.caller.sendRPCMessage(queue, payload(i)));
  const serial = await measureCalls(COUNTS.serial, 1, (i) => pair.caller.sendRPCMessage(queue, payload(i)));
  const parallel = await measureCalls(COUNTS.parallel, 64, (i) => pair.caller.sendRPCMessage(queue, payload(i)));
  return { serial, parallel };
}

function counter(total: number): { handler: () => void; done: Promise<void> } {
  let received = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    handler: () => {
      received += 1;
      if (received === total) finish();
    },
    done,
  };
}

/** Publishing while the consumer keeps up: the normal case. */
async function plainLive(pair: Pair): Promise<ThroughputFigures> {
  const queue = queueName('plain');
  const received = counter(COUNTS.warmup + COUNTS.plain);
  await pair.consumer.consumeQueue(queue, received.handler);
  await measureThroughput(COUNTS.warmup, 64, (i) => pair.caller.sendMessage(queue, payload(i)), async () => undefined);
  return measureThroughput(COUNTS.plain, 1000, (i) => pair.caller.sendMessage(queue, payload(i)), () => received.done);
}

/** Publishing into a queue nobody consumes (a backlog RabbitMQ must write to disk), then draining it. */
async function plainBacklog(pair: Pair): Promise<ThroughputFigures> {
  const queue = queueName('backlog');
  const received = counter(COUNTS.plain);
  let drainStarted = 0n;
  const figures = await measureThroughput(
    COUNTS.plain,
    1000,
    (i) => pair.caller.sendMessage(queue, payload(i)),
    async () => {
      drainStarted = process.hrtime.bigint();
      await pair.consumer.consumeQueue(queue, received.handler);
      await received.done;
    },
  );
  const drainSeconds = Number(process.hrtime.bigint() - drainStarted) / 1e9;
  return { ...figures, deliveredPerSecond: COUNTS.plain / drainSeconds };
}

async function withPair<T>(open: () => Pair | Promise<Pair>, run: (pair: Pair) => Promise<T>): Promise<T> {
  const pair = await open();
  try {
    return await run(pair);
  } finally {
    await pair.close();
  }
}

const started = new Date();
const loadAtStart = loadavg().map((value) => value.toFixed(2)).join(' ');
const rpcRounds: Record<'in-process' | RpcReplyMode, RpcRow[]> = { 'in-process': [], 'reply-queue': [], 'direct-reply-to': [] };
const throughputRows: ThroughputRow[] = [];
const liveRounds: ThroughputFigures[] = [];
try {
  rpcRounds['in-process'].push({ label: 'in-process', ...(await withPair(inProcessPair, rpc)) });
  throughputRows.push({ label: 'in-process, consumer running', figures: await withPair(inProcessPair, plainLive) });
  throughputRows.push({ label: 'in-process, backlog then drain', figures: await withPair(inProcessPair, plainBacklog) });
  for (let round = 1; round <= rounds; round += 1) {
    const order: RpcReplyMode[] = round % 2 === 1 ? ['reply-queue', 'direct-reply-to'] : ['direct-reply-to', 'reply-queue'];
    for (const mode of order) rpcRounds[mode].push({ label: `RabbitMQ, ${mode}, round ${round}`, ...(await withPair(() => rabbitPair(mode), rpc)) });
    liveRounds.push(await withPair(() => rabbitPair('reply-queue'), plainLive));
  }
  throughputRows.push({ label: `RabbitMQ, consumer running (median of ${rounds})`, figures: medianThroughput(liveRounds) });
  throughputRows.push({ label: 'RabbitMQ, backlog then drain', figures: await withPair(() => rabbitPair('reply-queue'), plainBacklog) });
} finally {
  await deleteQueues(queues).catch((error: unknown) => console.error('could not delete bench queues:', error));
}

const medians: RpcRow[] = [
  { label: 'in-process', ...medianRpc(rpcRounds['in-process']) },
  { label: `RabbitMQ, reply-queue (median of ${rounds})`, ...medianRpc(rpcRounds['reply-queue']) },
  { label: `RabbitMQ, direct-reply-to (median of ${rounds})`, ...medianRpc(rpcRounds['direct-reply-to']) },
];
const load = loadavg().map((value) => value.toFixed(2)).join(' ');
console.log(`Broker benchmark, ${started.toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average at start ${loadAtStart}, at end ${load}, BENCH_SCALE=${scale}, BENCH_ROUNDS=${rounds}\n`);
console.log(`RPC round trips (echo handler, ${COUNTS.serial} calls at c=1, ${COUNTS.parallel} at c=64):\n`);
console.log(rpcTable(medians));
console.log('\nEvery round:\n');
console.log(rpcTable([...rpcRounds['reply-queue'], ...rpcRounds['direct-reply-to']]));
console.log(`\nConfirmed persistent plain messages (${COUNTS.plain} messages, 1000 sends outstanding at once):\n`);
console.log(throughputTable(throughputRows));
console.log('\nRabbitMQ, consumer running, every round:\n');
console.log(throughputTable(liveRounds.map((figures, index) => ({ label: `round ${index + 1}`, figures }))));
console.log(`\nTargets (RabbitMQ, own reply queue, medians of ${rounds} rounds with their spread):\n`);
console.log(targetLines(medians[1] as RpcRow, rpcRounds['reply-queue'], liveRounds).join('\n'));
