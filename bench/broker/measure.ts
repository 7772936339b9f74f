/** Latency and rate figures for one benchmark scenario. */
export interface RpcFigures {
  calls: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Runs `calls` calls of `call` from `concurrency` loops and times each one. */
export async function measureCalls(calls: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<RpcFigures> {
  const latencies = new Float64Array(calls);
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        await call(i);
        latencies[i] = Number(process.hrtime.bigint() - t0) / 1e6;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort();
  return { calls, seconds, perSecond: calls / seconds, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

export interface ThroughputFigures {
  messages: number;
  confirmedPerSecond: number;
  deliveredPerSecond: number;
}

/**
 * Sends `messages` plain messages keeping `window` sends unconfirmed at once; `confirmed` is when the last
 * send resolved, `delivered` when the consumer had them all.
 */
export async function measureThroughput(messages: number, window: number, send: (i: number) => Promise<void>, allDelivered: () => Promise<void>): Promise<ThroughputFigures> {
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: window }, async () => {
      while (next < messages) await send(next++);
    }),
  );
  const confirmedSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  await allDelivered();
  const deliveredSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { messages, confirmedPerSecond: messages / confirmedSeconds, deliveredPerSecond: messages / deliveredSeconds };
}
