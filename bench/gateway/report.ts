import { cpus } from 'node:os';
import { median } from './measure.js';

export type SideName = 'ours, dedupe on' | 'ours, dedupe off' | 'Hive, dedupe on' | 'Hive, dedupe off' | 'ours, in process';
export type QueryName = 'documents' | 'two subgraphs' | 'tiny';
/** The subgraph itself, and the floor: the same requests through a bare pipe proxy in a process of its own. */
export type Baseline = 'direct' | 'floor';

export interface Measured {
  rounds: Array<{ loadBefore: number; loadAfter: number; seconds: number }>;
  rows: Array<{ round: number; query: QueryName; side: SideName | Baseline; metric: string; value: number }>;
  sizes: Array<{ round: number; documents: number; side: SideName | Baseline; p50: number }>;
}

export interface Extras {
  tokenMicroseconds: number;
  readySeconds: number;
  latencyCount: number;
  /** How long each autocannon run lasts, in words. */
  loadSeconds: string;
  benchSeconds: number;
  hiveVersion: string;
}

const SIDES: Array<SideName | Baseline> = ['direct', 'floor', 'ours, in process', 'ours, dedupe on', 'ours, dedupe off', 'Hive, dedupe on', 'Hive, dedupe off'];
const QUERIES: Array<{ name: QueryName; what: string }> = [
  { name: 'documents', what: 'one subgraph: `documents(typeId)` returning 50 documents, each with `currentType`' },
  { name: 'two subgraphs', what: '`currentUser { _id email }` (core) and the same 50 documents (documents): planned on both gateways' },
  { name: 'tiny', what: '`{ currentUser { _id } }` (core): a few dozen bytes' },
];
const HIGHER_IS_BETTER = /^RPS/;

const digits = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(value >= 1 ? 2 : 3));
/** The median of the rounds, with their spread. */
const spread = (values: number[]) =>
  values.length === 0 ? '—' : values.length === 1 ? digits(values[0]!) : `${digits(median(values))} (${digits(Math.min(...values))}–${digits(Math.max(...values))})`;

function table(rows: string[][]): string {
  return rows.map((row, index) => `| ${row.join(' | ')} |${index === 0 ? `\n|${' --- |'.repeat(row.length)}` : ''}`).join('\n');
}

export function renderReport(measured: Measured, extras: Extras): string {
  const values = (query: QueryName, side: SideName | Baseline, metric: string) =>
    measured.rows.filter((row) => row.query === query && row.side === side && row.metric === metric).sort((a, b) => a.round - b.round);
  /** ours ÷ other, round by round (each round measured them side by side). */
  const ratios = (query: QueryName, ours: SideName | Baseline, other: SideName | Baseline, metric: string) => {
    const theirs = new Map(values(query, other, metric).map((row) => [row.round, row.value]));
    // A run in which one side completed nothing has no ratio; the cells above show it.
    return values(query, ours, metric).flatMap((row) => {
      const ratio = row.value / (theirs.get(row.round) ?? NaN);
      return Number.isFinite(ratio) && ratio > 0 ? [ratio] : [];
    });
  };

  const sections = QUERIES.map(({ name, what }) => {
    const metrics = [...new Set(measured.rows.filter((row) => row.query === name).map((row) => row.metric))];
    const figures = table([
      ['', ...SIDES],
      ...metrics.map((metric) => [metric, ...SIDES.map((side) => spread(values(name, side, metric).map((row) => row.value)))]),
    ]);
    const verdict = (ratio: number[], metric: string) => {
      if (ratio.length === 0) return '—';
      const ahead = HIGHER_IS_BETTER.test(metric) ? median(ratio) > 1 : median(ratio) < 1;
      return `${spread(ratio)}${ahead ? ' ahead' : ' **behind**'}`;
    };
    const compared = table([
      ['ours ÷ Hive', 'both dedupe on', 'both dedupe off', 'ours in process ÷ direct', 'ours (dedupe on) ÷ direct', 'floor ÷ direct', 'ours (dedupe on) ÷ floor'],
      ...metrics.map((metric) => [
        metric,
        verdict(ratios(name, 'ours, dedupe on', 'Hive, dedupe on', metric), metric),
        verdict(ratios(name, 'ours, dedupe off', 'Hive, dedupe off', metric), metric),
        spread(ratios(name, 'ours, in process', 'direct', metric)),
        spread(ratios(name, 'ours, dedupe on', 'direct', metric)),
        spread(ratios(name, 'floor', 'direct', metric)),
        spread(ratios(name, 'ours, dedupe on', 'floor', metric)),
      ]),
    ]);
    return `### ${name}: ${what}\n\n${figures}\n\n${compared}`;
  });

  const sizeCounts = [...new Set(measured.sizes.map((size) => size.documents))];
  const added = (documents: number, side: SideName | Baseline) =>
    measured.sizes
      .filter((size) => size.documents === documents && size.side === side)
      .flatMap((size) => {
        const direct = measured.sizes.find((other) => other.round === size.round && other.documents === documents && other.side === 'direct');
        return direct ? [size.p50 - direct.p50] : [];
      });
  const sizeTable = table([
    ['documents in the answer', 'direct p50 (ms)', 'floor adds (ms)', 'ours in process adds (ms)', 'ours adds (ms)', 'Hive adds (ms)', 'ours ÷ Hive, added'],
    ...sizeCounts.map((documents) => {
      const ours = added(documents, 'ours, dedupe on');
      const hive = added(documents, 'Hive, dedupe on');
      return [
        documents.toLocaleString('en'),
        spread(measured.sizes.filter((size) => size.documents === documents && size.side === 'direct').map((size) => size.p50)),
        spread(added(documents, 'floor')),
        spread(added(documents, 'ours, in process')),
        spread(ours),
        spread(hive),
        spread(ours.map((value, index) => value / hive[index]!)),
      ];
    }),
  ]);
  const roundTable = table([
    ['round', 'load average (1 min) at start', 'at end', 'seconds'],
    ...measured.rounds.map((round, index) => [String(index + 1), round.loadBefore.toFixed(2), round.loadAfter.toFixed(2), round.seconds.toFixed(0)]),
  ]);

  return `# bench/gateway — recorded result

Run: \`npm run bench:gateway\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version};
${measured.rounds.length} rounds, ${extras.benchSeconds.toFixed(0)} s in all. The machine is shared with other work: read the ratios (each
measured side by side within one round), not the absolute figures, and see each round's load average below.

Set-up: the platform runs as \`npm start\` runs it (built, one process: embedded MongoDB, in-process broker, every
plugin host). "ours, in process" is that platform's own gateway, the one \`npm start\` serves: it runs in the hosts'
process and reaches them over loopback HTTP as any gateway does, without a process switch (its CPU and memory are the
hosts', so they have no cells). Four more gateways run in processes of their own in front of the same plugin hosts: ours (\`startGateway\`) with in-flight deduplication on and off, and Hive Gateway
(\`@graphql-hive/gateway\` ${extras.hiveVersion}, installed for this bench alone from bench/gateway/package.json, \`createGatewayRuntime\` on node:http) on a supergraph composed from the same hosts'
SDL with \`@theguild/federation-composition\`, with \`deduplicateInflightRequests\` on and off. "direct" is the
subgraph itself. "floor" is the direct side's requests through a bare node:http reverse proxy in a process of its own
(floor-proxy.ts: pipes, keep-alive, reads and changes nothing): what one more process hop costs on this machine, which
any gateway in a process of its own pays on top of the direct subgraph. The plugin hosts refuse unsigned requests; the direct side signs each request as our gateway
does, and Hive signs them with a small plugin (\`onFetch\`, which runs after its deduplication) computing the same
signature (hive-signature.ts, so Hive's process loads none of our code), so every side pays the same check at the host. Every request carries the owner's
\`auth-token\` cookie (Hive forwards it with \`propagateHeaders\`), so every answer includes the subgraph's token check.

Each round, for each query, each side in turn (the order rotates every round): ${extras.latencyCount} sequential requests on one
connection after 10 untimed ones, timed with hrtime (p50, p99); then autocannon (${extras.loadSeconds}
connections: RPS, p99). All requests of a load run are identical and from one user, which is what in-flight
deduplication is for. Gateway CPU per request is the gateway process's user+system time (/proc) over the
10-connection run divided by the requests served; RSS is read after each round. Cells: median of the rounds
(min–max). Ratios are ours ÷ Hive (or ÷ direct, ÷ floor) within each round, then the median; "ahead" means better for us
(lower latency, CPU and memory, higher RPS).

${roundTable}

${sections.join('\n\n')}

### Added latency by the size of the answer (1 connection, p50, deduplication on)

${sizeTable}

Token check alone (the cookie's JWT, HS256, verified with jose), which every answer above includes:
**${extras.tokenMicroseconds.toFixed(1)} µs** per request over 20,000 verifications.
Time from \`lattice start\` to ready on a built checkout: **${extras.readySeconds.toFixed(2)} s**.
`;
}
