import { request } from 'node:http';
import { loadPluginPackage } from '@lattice/platform';
import { logIn, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import WebSocket from 'ws';

/** The platform the security suite attacks: the real plugins, embedded, on free loopback ports. */
export async function startAttackedPlatform(): Promise<{ platform: TestPlatform; memberCookie: string }> {
  const plugins = await Promise.all(['documents', 'contacts', 'inbox', 'imap'].map((name) => loadPluginPackage(name)));
  const platform = await startTestPlatform({ plugins });
  const member = { email: `member-${Date.now()}@lattice.test`, password: 'a member password of enough length' };
  const added = await platform.graphql('mutation ($email: String!, $password: String!) { usersAdd(email: $email, password: $password, role: member) { _id } }', member);
  if (added.errors) throw new Error(`could not add a member: ${added.errors[0]?.message}`);
  const memberCookie = await logIn(`${platform.gatewayUrl}/graphql`, member);
  return { platform, memberCookie };
}

export interface Answer {
  status: number;
  ms: number;
  text: string;
  code?: string;
  /** Bytes of the body written before the answer came: less than the whole when the door refused unread. */
  sent: number;
}

/**
 * An HTTP request whose body is `bytes` of filler written as fast as the socket takes it (an attacker's
 * upload), or the given text; resolves with the status, the time to the whole answer and its error code.
 */
export function send(url: string, body: string | number, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  const started = performance.now();
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'content-type': 'application/json', 'content-length': String(length), ...headers } });
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let code: string | undefined;
        try {
          const parsed = JSON.parse(text) as { code?: string; errors?: Array<{ extensions?: { code?: string } }> };
          code = parsed.code ?? parsed.errors?.[0]?.extensions?.code;
        } catch {
          code = undefined;
        }
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, text, code, sent });
        req.destroy();
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while a refused body is still being written: its answer came first.
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    let sent = typeof body === 'string' ? length : 0;
    // A reset can also take the answer with it (the client's kernel drops what it had not read): fail, not hang.
    req.on('close', () => {
      if (!answered) reject(new Error(`the connection closed before any answer, after ${sent} bytes sent`));
    });
    if (typeof body === 'string') return void req.end(body);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = (): void => {
      while (sent < length && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

/** The status a websocket upgrade to `httpUrl` gets: 101 when it opens, else the refusal's HTTP status. */
export function upgradeStatus(httpUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const socket = new WebSocket(httpUrl.replace(/^http/, 'ws'), 'graphql-transport-ws', { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** Another user's `{ documentsTotalCount }`, asked once: what the probes time. */
export type VictimQuery = () => Promise<{ data?: { documentsTotalCount?: unknown } | null; errors?: unknown }>;

/** The victim's query on an in-process test platform. */
export function documentsTotalCountOf(platform: TestPlatform, cookie: string): VictimQuery {
  return () => platform.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }', undefined, { cookie });
}

/** `count` of another user's `documentsTotalCount`, one after another, with no attack: the machine's own pace. */
export async function measureBaseline(victim: VictimQuery, count = 100): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < 20 + count; i++) {
    const started = performance.now();
    await victim();
    if (i >= 20) latencies.push(performance.now() - started);
  }
  return latencies;
}

/**
 * The bound: another user's p99 stays under 200 ms during the attack. On a machine already slow without
 * any attack (shared CI cores: the baseline p99 alone past 50 ms), the bound is four times that baseline instead,
 * which still fails for an attack that takes the platform over (the issue measured minutes). The baseline is
 * measured on both sides of the attack and the slower one counts: on CI the other lane's work comes and goes, and
 * a pace measured only before the attack missed it (twice: 208 and 225 ms, with 50 and 37 ms measured before).
 */
export function notSlowedBound(before: readonly number[], after: readonly number[]): number {
  return Math.max(200, 4 * percentile(before, 0.99), 4 * percentile(after, 0.99));
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}

/**
 * Another user's `documentsTotalCount`, asked one after another while `attack` runs; the attack's own time
 * does not count. Returns every latency in ms.
 */
export async function measureWhile(victimQuery: VictimQuery, attack: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  // Warmed up first, so the first requests' compilation is not counted as the attack's doing.
  for (let i = 0; i < 20; i++) await victimQuery();
  let attacking = true;
  const victim = (async () => {
    while (attacking || latencies.length < 100) {
      const started = performance.now();
      const answer = await victimQuery();
      if (answer.errors || typeof answer.data?.documentsTotalCount !== 'number') throw new Error(`the victim's query failed: ${JSON.stringify(answer.errors)}`);
      latencies.push(performance.now() - started);
    }
  })();
  try {
    await attack();
  } finally {
    attacking = false;
  }
  await victim;
  return latencies;
}

/** The suite's tally, printed by each file: the closing note sums them. */
export class Tally {
  tried = 0;
  refused = 0;
  acceptedWrongly = 0;

  record(refused: boolean): boolean {
    this.tried += 1;
    if (refused) this.refused += 1;
    else this.acceptedWrongly += 1;
    return refused;
  }

  toString(): string {
    return `cases tried ${this.tried}, refused ${this.refused}, accepted wrongly ${this.acceptedWrongly}`;
  }
}
