/**
 * bench/services: documents queries through the gateway with one and with two documents hosts (services mode,
 * every role its own OS process) and against `lattice start` (npm start: one process), in alternating rounds on
 * one machine; then isolation: currentUser's latency while one or two clients keep documents busy with heavy
 * queries, in both modes, also in alternating rounds.
 * Run: npm run build && npm run bench -w @lattice/cli (writes RESULTS.md next to this file).
 * SERVICES_ROUNDS (default 3) and SERVICES_SECONDS (default 8, per measurement) bound the run.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { postGraphQL, startRole, startServicesTopology, withMongoPassword, type RoleProcess } from '@lattice/cli/test-kit';
import { logIn } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';

const rounds = Number(process.env.SERVICES_ROUNDS ?? 3);
const seconds = Number(process.env.SERVICES_SECONDS ?? 8);
const listedDocuments = 100;
const allDocuments = 2_000;
const heavyAliases = 50;
/** Heavy clients beside currentUser: none, one (one documents host busy) and two (both busy). */
const heavyClientCounts = [0, 1, 2];

interface Target {
  name: string;
  graphqlUrl: string;
  /** One login per client: the gateway shares identical queries in flight only within one login. */
  cookies: string[];
  typeId: string;
  /** The processes whose CPU time is read, by role. */
  processes: Array<{ role: string; pid: number }>;
  stop(): Promise<void>;
}

/** Ten logins of one user, as ten people would be: their identical queries are not shared by the gateway. */
async function logInClients(graphqlUrl: string, owner: { email: string; password: string }): Promise<string[]> {
  const cookies: string[] = [];
  for (let index = 0; index < 10; index += 1) cookies.push(await logIn(graphqlUrl, owner));
  return cookies;
}

/** Gives each autocannon connection a login of its own. */
function eachClientItsLogin(target: Target): (client: { setHeaders(headers: Record<string, string>): void }) => void {
  let next = 0;
  return (client) => {
    const cookie = target.cookies[next % target.cookies.length]!;
    next += 1;
    client.setHeaders({ 'content-type': 'application/json', cookie });
  };
}

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function seed(mongoUrl: string): Promise<string> {
  const connection = await mongoose.createConnection(mongoUrl, { dbName: 'documents' }).asPromise();
  try {
    const typeId = new mongoose.Types.ObjectId();
    await connection.collection('document_types').insertOne({ _id: typeId, name: 'Listed' });
    const documents = Array.from({ length: allDocuments }, (_, index) => ({
      name: `Document ${index}`,
      checked: index % 2 === 0,
      createdAt: new Date(),
      typeId: index < listedDocuments ? String(typeId) : undefined,
    }));
    await connection.collection('documents').insertMany(documents);
    return String(typeId);
  } finally {
    await connection.close();
  }
}

async function servicesTarget(documentsHosts: number): Promise<Target> {
  const topology = await startServicesTopology({ documentsHosts });
  const graphqlUrl = `${topology.gatewayUrl}/graphql`;
  const cookies = await logInClients(graphqlUrl, topology.owner);
  const typeId = await seed(topology.mongoUrl);
  return {
    name: `services, ${documentsHosts} documents host${documentsHosts > 1 ? 's' : ''}`,
    graphqlUrl,
    cookies,
    typeId,
    processes: [
      ...topology.documents.map((host, index) => ({ role: `documents ${index + 1}`, pid: host.child.pid! })),
      ...topology.others.map((role) => ({ role: role.role, pid: role.child.pid! })),
    ],
    stop: () => topology.stop(),
  };
}

async function embeddedTarget(): Promise<Target> {
  const dir = await mkdtemp(join(tmpdir(), 'lattice-bench-start-'));
  const owner = { email: 'bench@lattice.test', password: randomBytes(12).toString('base64url') };
  const configFile = join(dir, 'configs.json');
  await writeFile(configFile, readFileSync(new URL('../../configs.json', import.meta.url)));
  const start: RoleProcess = await startRole('start', ['start', '--port', '0', '--config', configFile, '--data-dir', dir], {
    LOG_LEVEL: 'warn',
    LATTICE_OWNER_EMAIL: owner.email,
    LATTICE_OWNER_PASSWORD: owner.password,
    RABBITMQ_URL: '',
    REDIS_URL: '',
    MONGO_URL: '',
  });
  const graphqlUrl = start.urlOf('GraphQL');
  const cookies = await logInClients(graphqlUrl, owner);
  // configs.json's mongo password is a placeholder, so `lattice start` generated the database's user in the data directory.
  const { password } = JSON.parse(readFileSync(join(dir, 'mongo-user.json'), 'utf8')) as { password: string };
  const typeId = await seed(withMongoPassword(start.urlOf('MongoDB'), password));
  return {
    name: 'npm start (one process)',
    graphqlUrl,
    cookies,
    typeId,
    processes: [{ role: 'lattice start', pid: start.child.pid! }],
    stop: async () => {
      await start.stop('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: Record<string, number>;
}

async function load(target: Target, query: string, variables: Record<string, unknown>, connections: number): Promise<LoadResult> {
  const before = target.processes.map(({ pid }) => cpuMs(pid));
  const result = await autocannon({
    url: target.graphqlUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
    connections,
    setupClient: eachClientItsLogin(target),
    duration: seconds,
  });
  const cpuMsPerRequest: Record<string, number> = {};
  target.processes.forEach(({ role, pid }, index) => {
    cpuMsPerRequest[role] = Number(((cpuMs(pid) - before[index]!) / Math.max(1, result.requests.total)).toFixed(3));
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMsPerRequest };
}

const documentsQuery = 'query ($typeId: String) { documents(typeId: $typeId) { _id name checked } }';

/** A target is measured only once it gives the right answer: a load of refusals would measure nothing. */
async function verify(target: Target): Promise<void> {
  const answer = await postGraphQL<{ documents: unknown[] }>(target.graphqlUrl, documentsQuery, {
    cookie: target.cookies[0],
    variables: { typeId: target.typeId },
  });
  if (answer.status !== 200 || answer.data?.documents?.length !== listedDocuments) {
    throw new Error(`${target.name} does not answer the bench's query right: ${answer.status} ${JSON.stringify(answer.errors ?? answer.data).slice(0, 300)}`);
  }
}
const heavyQuery = `{ ${Array.from({ length: heavyAliases }, (_, index) => `a${index}: documents { _id name checked currentType { name } }`).join(' ')} }`;

interface IsolationResult {
  p50: number;
  p99: number;
  heavyAnswered: number;
}

/** currentUser's latency while `heavyClients` clients keep documents busy with heavy queries (0: alone). */
async function isolation(target: Target, heavyClients: number): Promise<IsolationResult> {
  let running = true;
  let heavyAnswered = 0;
  const loops = Array.from({ length: heavyClients }, async (_, index) => {
    while (running) {
      const answer = await postGraphQL(target.graphqlUrl, heavyQuery, { cookie: target.cookies[index + 1], timeoutMs: 300_000 });
      if (answer.status === 200) heavyAnswered += 1;
    }
  });
  const result = await autocannon({
    url: target.graphqlUrl,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: target.cookies[0]! },
    body: JSON.stringify({ query: '{ currentUser { email } }' }),
    connections: 1,
    duration: seconds,
  });
  running = false;
  await Promise.all(loops);
  if (result.errors + result.non2xx > 0) throw new Error(`${target.name}: currentUser failed ${result.errors + result.non2xx} times`);
  return { p50: result.latency.p50, p99: result.latency.p99, heavyAnswered };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function spread(values: number[]): string {
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
}

async function main(): Promise<void> {
  const targets: Target[] = [];
  const loadAverages: string[] = [];
  const byTarget = new Map<string, LoadResult[]>();
  try {
    // One by one, so a target that fails to start leaves none running behind it.
    for (const start of [() => servicesTarget(1), () => servicesTarget(2), embeddedTarget]) {
      const target = await start();
      targets.push(target);
      await verify(target);
      byTarget.set(target.name, []);
    }
    for (let round = 1; round <= rounds; round += 1) {
      loadAverages.push(loadavg()[0]!.toFixed(1));
      for (const target of round % 2 === 0 ? [...targets].reverse() : targets) {
        const result = await load(target, documentsQuery, { typeId: target.typeId }, 10);
        if (result.errors > 0) throw new Error(`${target.name}: ${result.errors} failed requests`);
        byTarget.get(target.name)!.push(result);
        console.log(`round ${round} ${target.name}: ${result.rps.toFixed(0)}/s, p99 ${result.p99} ms`);
      }
    }
    const isolationTargets = [targets[1]!, targets[2]!];
    const byIsolation = new Map<string, IsolationResult[]>();
    for (let round = 1; round <= rounds; round += 1) {
      loadAverages.push(`${loadavg()[0]!.toFixed(1)} (isolation)`);
      for (const target of round % 2 === 0 ? [...isolationTargets].reverse() : isolationTargets) {
        for (const heavyClients of heavyClientCounts) {
          const result = await isolation(target, heavyClients);
          const key = `${target.name}|${heavyClients}`;
          byIsolation.set(key, [...(byIsolation.get(key) ?? []), result]);
          console.log(`isolation round ${round} ${target.name}, ${heavyClients} heavy: p50 ${result.p50} ms, p99 ${result.p99} ms`);
        }
      }
    }
    const isolationRows = isolationTargets.flatMap((target) =>
      heavyClientCounts.map((heavyClients) => {
        const results = byIsolation.get(`${target.name}|${heavyClients}`)!;
        const p50 = results.map((result) => result.p50);
        const p99 = results.map((result) => result.p99);
        const answered = results.map((result) => result.heavyAnswered);
        return `| ${target.name} | ${heavyClients} | ${median(p50)} (${spread(p50)}) | ${median(p99)} (${spread(p99)}) | ${median(answered)} |`;
      }),
    );
    await writeResults(targets, byTarget, isolationRows, loadAverages);
  } finally {
    for (const target of targets) await target.stop();
  }
}

async function writeResults(targets: Target[], byTarget: Map<string, LoadResult[]>, isolationRows: string[], loadAverages: string[]) {
  const rows = targets.map((target) => {
    const results = byTarget.get(target.name)!;
    const rps = results.map((result) => result.rps);
    const p99 = results.map((result) => result.p99);
    const cpu = Object.keys(results[0]!.cpuMsPerRequest)
      .map((role) => `${role} ${median(results.map((result) => result.cpuMsPerRequest[role]!)).toFixed(2)}`)
      .join(', ');
    return `| ${target.name} | ${median(rps).toFixed(0)} (${spread(rps)}) | ${median(p99)} (${spread(p99)}) | ${cpu} |`;
  });
  const text = `# bench/services results

Recorded by \`npm run bench -w @lattice/cli\` (bench/services/run.ts) on ${new Date().toISOString()}.
Machine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), shared; load average at the start of each round: ${loadAverages.join(', ')};
node ${process.version}. Every figure is the median of ${rounds} alternating rounds, with the range in brackets.

## Documents query through the gateway (10 connections, ${seconds} s each)

\`documents(typeId)\` returning ${listedDocuments} of ${allDocuments} documents. CPU is what each process spent per request
while the load ran (ms); the load generator (autocannon) runs in the bench process on the same two cores.

| target | requests/s | p99 ms | CPU ms per request, by process |
|---|---|---|---|
${rows.join('\n')}

## Isolation: currentUser while documents is busy

One connection asks \`{ currentUser { email } }\` for ${seconds} s while 0, 1 or 2 clients keep sending a
${heavyAliases}-alias \`documents\` query over all ${allDocuments} documents, one at a time each (the last column: how many
of those finished in a round). Median of ${rounds} rounds with the range.

| target | heavy clients | p50 ms | p99 ms | heavy queries answered |
|---|---|---|---|---|
${isolationRows.join('\n')}
`;
  await writeFile(new URL('./RESULTS.md', import.meta.url), text);
  console.log(text);
}

await main();
