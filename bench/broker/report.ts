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

export function targetLines(rpc: RpcRow, plain: ThroughputFigures | undefined): string[] {
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines = [
    `- RPC c=1 p50 < ${TARGETS.serialP50Ms} ms: ${ms(rpc.serial.p50Ms)} ms, ${check(rpc.serial.p50Ms < TARGETS.serialP50Ms)}`,
    `- RPC c=1 p99 < ${TARGETS.serialP99Ms} ms: ${ms(rpc.serial.p99Ms)} ms, ${check(rpc.serial.p99Ms < TARGETS.serialP99Ms)}`,
    `- RPC c=64 >= ${rate(TARGETS.parallelPerSecond)}/s: ${rate(rpc.parallel.perSecond)}/s, ${check(rpc.parallel.perSecond >= TARGETS.parallelPerSecond)}`,
    `- RPC c=64 p99 < ${TARGETS.parallelP99Ms} ms: ${ms(rpc.parallel.p99Ms)} ms, ${check(rpc.parallel.p99Ms < TARGETS.parallelP99Ms)}`,
  ];
  if (plain) lines.push(`- confirmed persistent plain >= ${rate(TARGETS.plainPerSecond)}/s: ${rate(plain.confirmedPerSecond)}/s, ${check(plain.confirmedPerSecond >= TARGETS.plainPerSecond)}`);
  return lines;
}
