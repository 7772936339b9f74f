import type { RpcFigures, ThroughputFigures } from './measure.js';

export interface RpcRow {
  label: string;
  serial: RpcFigures;
  parallel: RpcFigures;
}

export interface ThroughputRow {
  label: string;
  figures: ThroughputFigures;
}

/** The targets on RabbitMQ; printed against the measurements, never asserted in tests. */
export const TARGETS = { serialP50Ms: 0.5, serialP99Ms: 2, parallelPerSecond: 10_000, parallelP99Ms: 15, plainPerSecond: 15_000 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

function medianFigures(figures: RpcFigures[]): RpcFigures {
  return {
    calls: median(figures.map((f) => f.calls)),
    seconds: median(figures.map((f) => f.seconds)),
    perSecond: median(figures.map((f) => f.perSecond)),
    p50Ms: median(figures.map((f) => f.p50Ms)),
    p99Ms: median(figures.map((f) => f.p99Ms)),
  };
}

/** Each figure's median over the rounds, taken separately. */
export function medianRpc(rows: RpcRow[]): { serial: RpcFigures; parallel: RpcFigures } {
  return { serial: medianFigures(rows.map((row) => row.serial)), parallel: medianFigures(rows.map((row) => row.parallel)) };
}

export function medianThroughput(figures: ThroughputFigures[]): ThroughputFigures {
  return {
    messages: median(figures.map((f) => f.messages)),
    confirmedPerSecond: median(figures.map((f) => f.confirmedPerSecond)),
    deliveredPerSecond: median(figures.map((f) => f.deliveredPerSecond)),
  };
}

const ms = (value: number) => value.toFixed(3);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

export function rpcTable(rows: RpcRow[]): string {
  return [
    '| | c=1 p50 ms | c=1 p99 ms | c=1 RPC/s | c=64 p50 ms | c=64 p99 ms | c=64 RPC/s |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ label, serial, parallel }) => `| ${label} | ${ms(serial.p50Ms)} | ${ms(serial.p99Ms)} | ${rate(serial.perSecond)} | ${ms(parallel.p50Ms)} | ${ms(parallel.p99Ms)} | ${rate(parallel.perSecond)} |`),
  ].join('\n');
}

export function throughputTable(rows: ThroughputRow[]): string {
  return [
    '| | sends confirmed /s | delivered /s |',
    '|---|---:|---:|',
    ...rows.map(({ label, figures }) => `| ${label} | ${rate(figures.confirmedPerSecond)} | ${rate(figures.deliveredPerSecond)} |`),
  ].join('\n');
}

/** Each target against the median of the rounds, with the rounds' spread: a target met only in some rounds says so. */
export function targetLines(rpc: RpcRow, rpcRounds: RpcRow[], plainRounds: ThroughputFigures[]): string[] {
  const verdict = (values: number[], ok: (value: number) => boolean) => {
    const met = values.filter(ok).length;
    return `${ok(median(values)) ? 'met' : 'MISSED'} (met in ${met} of ${values.length} rounds)`;
  };
  const spread = (values: number[], show: (value: number) => string) => `${show(Math.min(...values))}–${show(Math.max(...values))}`;
  const serialP50 = rpcRounds.map((row) => row.serial.p50Ms);
  const serialP99 = rpcRounds.map((row) => row.serial.p99Ms);
  const parallelRate = rpcRounds.map((row) => row.parallel.perSecond);
  const parallelP99 = rpcRounds.map((row) => row.parallel.p99Ms);
  const lines = [
    `- RPC c=1 p50 < ${TARGETS.serialP50Ms} ms: ${ms(rpc.serial.p50Ms)} ms (${spread(serialP50, ms)}), ${verdict(serialP50, (value) => value < TARGETS.serialP50Ms)}`,
    `- RPC c=1 p99 < ${TARGETS.serialP99Ms} ms: ${ms(rpc.serial.p99Ms)} ms (${spread(serialP99, ms)}), ${verdict(serialP99, (value) => value < TARGETS.serialP99Ms)}`,
    `- RPC c=64 >= ${rate(TARGETS.parallelPerSecond)}/s: ${rate(rpc.parallel.perSecond)}/s (${spread(parallelRate, rate)}), ${verdict(parallelRate, (value) => value >= TARGETS.parallelPerSecond)}`,
    `- RPC c=64 p99 < ${TARGETS.parallelP99Ms} ms: ${ms(rpc.parallel.p99Ms)} ms (${spread(parallelP99, ms)}), ${verdict(parallelP99, (value) => value < TARGETS.parallelP99Ms)}`,
  ];
  if (plainRounds.length > 0) {
    const plain = plainRounds.map((figures) => figures.confirmedPerSecond);
    lines.push(
      `- confirmed persistent plain >= ${rate(TARGETS.plainPerSecond)}/s: ${rate(median(plain))}/s (${spread(plain, rate)}), ${verdict(plain, (value) => value >= TARGETS.plainPerSecond)}`,
    );
  }
  return lines;
}
