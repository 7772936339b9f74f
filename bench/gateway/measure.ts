import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';

/** Somewhere to send GraphQL: a gateway, or a subgraph directly (then with the gateway's signature). */
export interface Target {
  url: string;
  /** The headers of a request with this body now (a signature is good for 60 s). */
  headers(body: string): Record<string, string>;
  /** The gateway's process, for its CPU time and memory; none for the subgraph itself. */
  pid?: number;
}

export interface Latency {
  p50: number;
  p99: number;
}

export interface Load {
  rps: number;
  p99: number;
  /** The gateway's CPU time per request (ms), user and system. */
  cpuMs?: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * `count` requests per target one after the other on one connection each, timed with hrtime (autocannon's
 * whole-ms buckets cannot show sub-ms differences), the targets taking turns in `chunks` so drift on a shared
 * machine falls on all of them alike; `warmUp` untimed requests each first. `check` sees every answer.
 */
export async function interleavedLatency(
  targets: Target[],
  body: string,
  count: number,
  warmUp: number,
  check: (text: string) => boolean,
  chunks = 4,
): Promise<Latency[]> {
  const runs = targets.map((target) => ({ target, dispatcher: new Agent({ connections: 1 }), timings: [] as number[] }));
  const send = async (run: (typeof runs)[number], timed: boolean) => {
    const headers = run.target.headers(body);
    const startedAt = performance.now();
    const response = await request(run.target.url, { method: 'POST', body, headers, dispatcher: run.dispatcher });
    const text = await response.body.text();
    const took = performance.now() - startedAt;
    if (response.statusCode !== 200 || !check(text)) throw new Error(`bad answer from ${run.target.url}: ${text.slice(0, 300)}`);
    if (timed) run.timings.push(took);
  };
  try {
    for (const run of runs) for (let index = 0; index < warmUp; index += 1) await send(run, false);
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      for (const run of runs) {
        const size = Math.ceil(count / chunks);
        for (let index = 0; index < size && run.timings.length < count; index += 1) await send(run, true);
      }
    }
  } finally {
    await Promise.all(runs.map((run) => run.dispatcher.close()));
  }
  return runs.map(({ timings }) => {
    timings.sort((x, y) => x - y);
    return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  });
}

/** CPU time (user + system, ms) of a process so far, from /proc. */
async function cpuTimeMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident memory of a process now (MB). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** autocannon at `connections` for `seconds`; every answer must be a 200. */
export async function load(target: Target, body: string, connections: number, seconds: number): Promise<Load> {
  const cpuBefore = target.pid ? await cpuTimeMs(target.pid) : 0;
  // Headers are made per request (a signed request carries a nonce the plugin host accepts only once), in a copy:
  // autocannon adds Content-Length to the object it gets, which would follow a shared headers object to other bodies.
  const request = { method: 'POST' as const, body, setupRequest: (sent: autocannon.Request) => ({ ...sent, headers: { ...target.headers(body) } }) };
  const result = await autocannon({ url: target.url, requests: [request], connections, duration: seconds });
  const cpuAfter = target.pid ? await cpuTimeMs(target.pid) : 0;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const total = result.requests.total;
  // No answer within the run at all (a machine loaded far past its cores): no latency to report.
  return { rps: result.requests.average, p99: total > 0 ? result.latency.p99 : NaN, cpuMs: target.pid && total > 0 ? (cpuAfter - cpuBefore) / total : undefined };
}
