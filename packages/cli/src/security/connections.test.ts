import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultMaxConnectionsPerAddress, serverTimeouts } from '@lattice/contracts';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { generate } from '../commands/generate.js';
import { Tally } from './security-probe.js';

/** Opens a socket and resolves once it is connected; `closed` resolves with the ms it stayed open. */
function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    // Read (and drop) what the server sends: an unread answer would keep the socket from ever closing.
    socket.resume();
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now() - started)));
    socket.once('connect', () => resolve({ socket, closed }));
    // A connection the server closes at once may never report 'connect': its close still resolves.
    socket.once('close', () => resolve({ socket, closed }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

/**
 * Issue 33, "connections and config": half-sent requests do not hold a Node server's sockets past its headers
 * timeout, one address cannot open more than its share, and no value written into the generated nginx config can
 * end a block (a `domain` holding `}` fails, naming the field, before anything is written).
 */
describe('security: connections and generated config', () => {
  let platform: TestPlatform;
  let dir: string;
  const tally = new Tally();

  before(async () => {
    platform = await startTestPlatform({ plugins: [] });
    dir = await mkdtemp(join(tmpdir(), 'lattice-injection-'));
  });
  after(async () => {
    console.log(`# security (connections and config): ${tally}`);
    await platform?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`closes 200 half-sent requests on the gateway within its headers timeout (${serverTimeouts.headersTimeout / 1000} s, checked every ${serverTimeouts.connectionsCheckingInterval / 1000} s)`, async () => {
    const port = Number(new URL(platform.gatewayUrl).port);
    const sockets = await Promise.all(Array.from({ length: 200 }, () => openSocket(port)));
    for (const { socket } of sockets) socket.write('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const openFor = await Promise.all(sockets.map(({ closed }) => closed));
    const bound = serverTimeouts.headersTimeout + 2 * serverTimeouts.connectionsCheckingInterval + 3_000;
    for (const ms of openFor) tally.record(ms < bound);
    const longest = Math.max(...openFor);
    console.log(`# 200 half-sent requests closed after at most ${(longest / 1000).toFixed(1)} s`);
    assert.ok(longest < bound, `a half-sent request stayed open ${longest.toFixed(0)} ms`);
    // The gateway still answers.
    assert.equal((await fetch(`${platform.gatewayUrl}/health/live`)).status, 200);
  });

  it(`closes connections past ${defaultMaxConnectionsPerAddress} from one address at once`, async () => {
    const port = Number(new URL(platform.gatewayUrl).port);
    const extra = 40;
    const sockets = await Promise.all(Array.from({ length: defaultMaxConnectionsPerAddress + extra }, () => openSocket(port)));
    const closedSoon = await Promise.all(sockets.map(({ closed }) => Promise.race([closed.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), 2_000))])));
    const refused = closedSoon.filter(Boolean).length;
    for (let i = 0; i < extra; i++) tally.record(i < refused);
    for (const { socket } of sockets) socket.destroy();
    // Connections of the earlier cases (fetch's keep-alive) may still count against the address: at most 512 stay.
    assert.ok(sockets.length - refused <= defaultMaxConnectionsPerAddress && refused <= extra + 5, `${refused} of ${sockets.length} connections were closed at once`);
  });

  it('fails `lattice generate nginx` for a domain holding } or $ and for an unsafe certificate path, naming the field, writing nothing', async () => {
    const out = join(dir, 'out');
    await rm(out, { recursive: true, force: true });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(out);
    const cases: Array<[string, Record<string, unknown>, RegExp, string?]> = [
      ['domain with }', { domain: 'https://exa}mple.com' }, /"domain" must be a scheme and a host only/],
      ['domain with } and a directive', { domain: 'https://x}server{listen.com' }, /"domain" must be a scheme and a host only/],
      ['domain with $', { domain: 'https://$host.example.com' }, /"domain" must be a scheme and a host only/],
      ['widgets.domain with }', { domain: 'https://example.com', widgets: { domain: 'https://w}.example.com' } }, /"widgets.domain" must be a scheme and a host only/],
      ['certificate with ;', { domain: 'https://example.com' }, /--certificate must be a plain path/, '/etc/cert.pem; include /etc/passwd'],
    ];
    for (const [what, configs, message, certificate] of cases) {
      const file = join(dir, 'configs.json');
      await writeFile(file, JSON.stringify({ jwt_token_secret: 'x', plugins: [], ...configs }));
      const error = await generate({ config: file, target: 'nginx', out: join(out, 'site.conf'), certificate }).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      assert.ok(tally.record(message.test(error?.message ?? '')), `${what}: ${error?.message ?? 'generated'}`);
    }
    assert.deepEqual(await readdir(out), []);
  });
});
