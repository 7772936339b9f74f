/**
 * The load generator of bench/ingest, in a process of its own so that it does not share the platform's event
 * loop (real senders are other machines). run.ts forks it with one job as JSON in argv[2]; it delivers the
 * messages and sends back what it measured.
 */
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';

export interface LoadJob {
  url: string;
  integrationId: string;
  token: string;
  /** Makes this run's messageIds and senders unique. */
  tag: string;
  count: number;
  concurrency: number;
}

export interface LoadResult {
  seconds: number;
  /** Sorted, in milliseconds. */
  latencies: number[];
  /** The replies' latencies alone, sorted: a new sender's delivery does more (3 RPCs to a reply's 1). */
  replyLatencies: number[];
  replies: number;
  /** CPU milliseconds the generator itself used. */
  cpuMs: number;
}

/** `count` deliveries, `concurrency` at a time; every other one answers an earlier message of this run. */
async function deliver({ url, integrationId, token, tag, count, concurrency }: LoadJob): Promise<LoadResult> {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
  const delivered: Array<{ messageId: string; email: string }> = [];
  const latencies: number[] = [];
  const replyLatencies: number[] = [];
  let next = 0;
  let replies = 0;
  const cpuBefore = process.cpuUsage();
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
      const latency = performance.now() - sentAt;
      latencies.push(latency);
      if (earlier) replyLatencies.push(latency);
      if (response.statusCode !== 200) throw new Error(`delivery ${index} answered ${response.statusCode}: ${text.slice(0, 300)}`);
      if (earlier) replies += 1;
      delivered.push({ messageId, email });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await dispatcher.close();
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { seconds, latencies: sorted(latencies), replyLatencies: sorted(replyLatencies), replies, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
process.send!(await deliver(job));
