/**
 * bench/ingest: messages per second through POST /receive end to end — gateway, imap plugin, contacts and
 * inbox over the broker, embedded MongoDB — with new senders and replies mixed half and half; p50/p99
 * latency per request. Also the same load straight to the imap plugin host, to show the gateway's share.
 * Run: npm run bench -w @lattice/plugin-imap (writes RESULTS.md next to this file).
 * INGEST_MESSAGES (default 3000 per row) and INGEST_CONCURRENCY (default "4,32": one row per level) bound the run.
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectRabbitMQBroker, createInProcessBroker, type MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/plugin-sdk';
import { startTestPlatform } from '@lattice/plugin-sdk/test-kit';
import { Agent, request } from 'undici';

const messages = Number(process.env.INGEST_MESSAGES ?? 3_000);
const concurrencies = (process.env.INGEST_CONCURRENCY ?? '4,32').split(',').map(Number);
const warmUp = Math.min(500, Math.ceil(messages / 6));
const rabbitMQUrl = process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

interface RunResult {
  target: string;
  concurrency: number;
  messages: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  replies: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function connectBroker(): Promise<{ broker: MessageBroker; kind: string }> {
  try {
    return { broker: await connectRabbitMQBroker({ url: rabbitMQUrl, connectionName: 'bench-ingest' }), kind: 'RabbitMQ 127.0.0.1:5672' };
  } catch (error) {
    console.log(`RabbitMQ not reachable (${(error as Error).message}): using the in-process broker`);
    return { broker: createInProcessBroker(), kind: 'in-process' };
  }
}

/** `count` deliveries, `concurrency` at a time; every other one answers an earlier message of this run. */
async function load(url: string, integrationId: string, token: string, tag: string, count: number, concurrency: number): Promise<RunResult> {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
  const delivered: Array<{ messageId: string; email: string }> = [];
  const latencies: number[] = [];
  let next = 0;
  let replies = 0;
  const startedAt = performance.now();
  async function worker() {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= count) return;
      const messageId = `<${tag}-${index}@bench.test>`;
      const earlier = index % 2 === 1 && delivered.length > 0 ? delivered[Math.floor(Math.random() * delivered.length)] : undefined;
      const email = earlier?.email ?? `${tag}-sender-${index}@bench.test`;
      const body = JSON.stringify({
        integrationId,
        messageId,
        ...(earlier ? { inReplyTo: earlier.messageId, references: [earlier.messageId] } : {}),
        subject: earlier ? 'Re: question' : `question ${index}`,
        body: 'Hello, this is a benchmark message with a short plain text body.',
        from: [{ name: 'Bench Sender', address: email }],
        to: [{ name: 'Support', address: 'support@bench.test' }],
      });
      const sentAt = performance.now();
      const response = await request(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-integration-token': token },
        dispatcher,
      });
      const text = await response.body.text();
      latencies.push(performance.now() - sentAt);
      if (response.statusCode !== 200) throw new Error(`delivery ${index} answered ${response.statusCode}: ${text.slice(0, 300)}`);
      if (earlier) replies += 1;
      delivered.push({ messageId, email });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const seconds = (performance.now() - startedAt) / 1000;
  await dispatcher.close();
  latencies.sort((a, b) => a - b);
  return {
    target: '',
    concurrency,
    messages: count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    replies,
  };
}

const { broker, kind: brokerKind } = await connectBroker();
const plugins = await Promise.all(['contacts', 'inbox', 'imap'].map((name) => loadPluginPackage(name)));
const platform = await startTestPlatform({ plugins, broker });
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
  const results: RunResult[] = [];
  for (const concurrency of concurrencies) {
    for (const target of targets) {
      const tag = `${target.tag}-c${concurrency}`;
      await load(target.url, integration._id, integration.webhookToken, `${tag}-warm`, warmUp, concurrency);
      const result = await load(target.url, integration._id, integration.webhookToken, tag, messages, concurrency);
      result.target = target.name;
      results.push(result);
      console.log(target.name, JSON.stringify(result));
    }
  }
  const stored = await platform.graphql<{ conversationsTotalCount: number }>('{ conversationsTotalCount }');

  const ms = (value: number) => value.toFixed(1);
  const lines = [
    '# bench/ingest — POST /receive end to end',
    '',
    'Each delivery: token check, SPEC.md rules 1–5 (duplicate check, local customer or contacts RPCs, related-message',
    'lookup, `inbox:integrations.receive` RPC, Message insert), answered `200 Successfully receiving message`.',
    'Half the deliveries come from a new sender (new customer in imap and contacts, new conversation), half reply to',
    'an earlier message of the run (known customer, thread lookup, conversation update).',
    '',
    `- date: ${new Date().toISOString()}`,
    `- machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average before the run ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
    `- broker: ${brokerKind}; database: ${process.env.MONGO_URL ? 'MONGO_URL' : 'embedded MongoDB (in memory)'}; everything in one Node process`,
    `- ${messages} messages per row after ${warmUp} warm-up messages; concurrent requests (keep-alive) as the row says`,
    '',
    '| target | concurrent | messages/s | p50 ms | p90 ms | p99 ms | max ms | replies |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (result) =>
        `| ${result.target} | ${result.concurrency} | ${result.perSecond.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p90)} | ${ms(result.p99)} | ${ms(result.max)} | ${result.replies} |`,
    ),
    '',
    `Conversations stored at the end: ${stored.data?.conversationsTotalCount ?? '?'}.`,
    '',
  ];
  if (process.env.INGEST_WRITE !== 'no') await writeFile(join(import.meta.dirname, 'RESULTS.md'), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await platform.stop();
  await broker.close();
}
