/**
 * What the login (issue 33) costs a client of the embedded server: a new connection's handshake and first `ping`,
 * authenticated (SCRAM-SHA-256 started inside `hello`, one more round trip) beside anonymous (`ping` needs no
 * login), in alternating rounds; and the server's start, which derives the user's keys (15,000 PBKDF2 rounds).
 * Writes AUTH-HANDSHAKE.md beside this file.
 *
 *   node --conditions=development --import tsx bench/embedded-mongo/auth-handshake.ts
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startEmbeddedMongo } from '@lattice/embedded-mongo';
import { MongoClient } from 'mongodb';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const rounds = 7;
const connectsPerSide = 40;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const figure = (values: number[]): string => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

/** Median time, in ms, of a fresh single-connection client's connect and first ping. */
async function connectAndPing(uri: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < connectsPerSide; i += 1) {
    const started = performance.now();
    const client = await MongoClient.connect(uri, { maxPoolSize: 1, minPoolSize: 0 });
    await client.db('admin').command({ ping: 1 });
    times.push(performance.now() - started);
    await client.close();
  }
  return median(times);
}

const load = loadavg()[0]!;
const starts: number[] = [];
for (let i = 0; i < rounds; i += 1) {
  const started = performance.now();
  const server = await startEmbeddedMongo({ log: () => undefined });
  starts.push(performance.now() - started);
  await server.stop();
}

const server = await startEmbeddedMongo({ log: () => undefined });
const anonymousUri = `mongodb://127.0.0.1:${server.port}/`;
// The driver keeps a salted password per salt, so only a client's first login pays PBKDF2: warm it once.
await connectAndPing(server.uri);
const authenticated: number[] = [];
const anonymous: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? [true, false] : [false, true];
  for (const withLogin of order) (withLogin ? authenticated : anonymous).push(await connectAndPing(withLogin ? server.uri : anonymousUri));
}
await server.stop();

const report = `# Embedded server: what the login costs

\`node --conditions=development --import tsx bench/embedded-mongo/auth-handshake.ts\` (${new Date().toISOString().slice(0, 10)};
${cpus().length} cores, load average ${load.toFixed(2)} at the start, a machine shared with other work).

A fresh single-connection \`MongoClient\`: connect (handshake, and for the authenticated side SCRAM-SHA-256
started in \`hello\` plus one \`saslContinue\`) and a first \`ping\`, ${connectsPerSide} times per side and round,
${rounds} alternating rounds; median (min–max) of the rounds' medians, in ms:

| | connect + ping |
|---|---|
| authenticated (the driver's salted password cached, as for every connection after a client's first) | ${figure(authenticated)} |
| anonymous (\`ping\` needs no login) | ${figure(anonymous)} |

Server start (in memory), which derives the user's SCRAM keys once: ${figure(starts)} ms over ${rounds} starts.
Commands after the login cost what they did: the check is one set lookup per command.
`;
await writeFile(`${HERE}AUTH-HANDSHAKE.md`, report);
console.log(report);
