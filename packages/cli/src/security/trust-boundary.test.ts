import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { createSubgraphSigner, subgraphSigningKey } from '@lattice/gateway';
import type { TestPlatform } from '@lattice/platform/test-kit';
import { documentsTotalCountOf, measureBaseline, measureWhile, notSlowedBound, percentile, send, startAttackedPlatform, Tally, upgradeStatus } from './security-probe.js';

const elevenMegabytes = 11 * 1024 * 1024;

/**
 * Issue 15, "one trust boundary for subgraphs": only the gateway reaches a plugin's /graphql; every GraphQL door
 * refuses an unauthenticated 11 MB body at once; `/pl:` and the integrations port never reach /graphql or /health.
 */
describe('security: the trust boundary of the subgraphs', () => {
  let platform: TestPlatform;
  let memberCookie: string;
  const tally = new Tally();

  before(async () => {
    ({ platform, memberCookie } = await startAttackedPlatform());
  });
  after(async () => {
    console.log(`# security (trust boundary): ${tally}`);
    await platform?.stop();
  });

  const ownerCount = () => documentsTotalCountOf(platform, platform.authCookie);

  const doors = () => {
    const host = (name: string) => `${platform.plugins.get(name)!.url}/graphql`;
    return [
      { door: 'gateway /graphql', url: `${platform.gatewayUrl}/graphql`, status: 413, code: 'PAYLOAD_TOO_LARGE' },
      { door: 'gateway /pl:documents/graphql', url: `${platform.gatewayUrl}/pl:documents/graphql`, status: 404, code: 'NOT_FOUND' },
      { door: 'gateway /pl:core/graphql', url: `${platform.gatewayUrl}/pl:core/graphql`, status: 404, code: 'NOT_FOUND' },
      { door: 'integrations /imap/graphql', url: `${platform.integrationsUrl}/imap/graphql`, status: 404, code: 'NOT_FOUND' },
      { door: 'documents host /graphql', url: host('documents'), status: 403, code: 'FORBIDDEN' },
      { door: 'core host /graphql', url: host('core'), status: 403, code: 'FORBIDDEN' },
      { door: 'imap host /graphql', url: host('imap'), status: 403, code: 'FORBIDDEN' },
    ];
  };

  it('refuses an unauthenticated 11 MB body on every GraphQL door before reading it, with its code', async () => {
    for (const { door, url, status, code } of doors()) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await send(url, elevenMegabytes);
        assert.ok(tally.record(answer.status === status && answer.code === code), `${door}: ${answer.status} ${answer.code} ${answer.text.slice(0, 200)}`);
        // A door that read the body first would answer only after all of it was written; the socket's buffers
        // hold a few megabytes at most, so an answer that came earlier was given unread. Timing would say the
        // same on a quiet machine only.
        assert.ok(answer.sent < elevenMegabytes, `${door} answered only after all ${answer.sent} bytes were sent`);
        times.push(answer.ms);
      }
      console.log(`${door}: refused in ${times.map((ms) => ms.toFixed(1)).join(', ')} ms (median ${percentile(times, 0.5).toFixed(1)})`);
    }
  });

  // A member's too large body too. Here, on the platform in this process: against one in a process of its own the
  // gateway's close after its 413 reached the client as a reset that took the answer with it (a hung test in CI).
  it('refuses a member\'s body past 1 MB at the gateway with 413 PAYLOAD_TOO_LARGE, before reading it', async () => {
    const answer = await send(`${platform.gatewayUrl}/graphql`, 2 * 1024 * 1024, { cookie: memberCookie });
    assert.ok(tally.record(answer.status === 413 && answer.code === 'PAYLOAD_TOO_LARGE'), `${answer.status} ${answer.text}`);
  });

  it("keeps another user's queries fast while 11 MB bodies hit every door (p99 under 200 ms, or 4× its unattacked pace on a loaded machine)", async () => {
    const baseline = await measureBaseline(ownerCount());
    const latencies = await measureWhile(ownerCount(), async () => {
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(doors().map(({ url }) => send(url, elevenMegabytes)));
        for (const [index, answer] of answers.entries()) {
          const { status, door } = doors()[index]!;
          assert.ok(tally.record(answer.status === status), `${door}: ${answer.status}`);
        }
      }
    });
    const after = await measureBaseline(ownerCount());
    const p99 = percentile(latencies, 0.99);
    const report = `documentsTotalCount p99 ${p99.toFixed(1)} ms over ${latencies.length} requests during 11 MB bodies (without them: ${percentile(baseline, 0.99).toFixed(1)} ms before, ${percentile(after, 0.99).toFixed(1)} ms after)`;
    console.log(`# ${report}`);
    assert.ok(p99 < notSlowedBound(baseline, after), report);
  });

  it("never lets /pl: or the integrations port reach a plugin's /graphql or /health, nor the host's /graphql without the gateway's signature", async () => {
    const query = JSON.stringify({ query: '{ documentsTotalCount }' });
    const documentsHost = platform.plugins.get('documents')!.url;
    const forged = createSubgraphSigner(subgraphSigningKey('not-the-platform-secret-but-long-enough-0123'));
    const probes: Array<[string, string, string | undefined, number, string, Record<string, string>?]> = [
      ['member through /pl:', `${platform.gatewayUrl}/pl:documents/graphql`, query, 404, 'NOT_FOUND', { cookie: memberCookie }],
      ['/pl: spelt otherwise', `${platform.gatewayUrl}/pl:documents/GraphQL/`, query, 404, 'NOT_FOUND'],
      ['/pl: health', `${platform.gatewayUrl}/pl:documents/health/ready`, undefined, 404, 'NOT_FOUND'],
      ['integrations health', `${platform.integrationsUrl}/imap/health`, undefined, 404, 'NOT_FOUND'],
      ['integrations other route', `${platform.integrationsUrl}/imap/health/live`, undefined, 404, 'NOT_FOUND'],
      ['integrations graphql', `${platform.integrationsUrl}/imap/graphql`, query, 404, 'NOT_FOUND', { cookie: memberCookie }],
      ['host without signature', `${documentsHost}/graphql`, query, 403, 'FORBIDDEN', { cookie: memberCookie }],
      ['host with a forged signature', `${documentsHost}/graphql`, query, 403, 'FORBIDDEN', { cookie: memberCookie, ...forged.headers({ audience: 'documents', method: 'POST', target: '/graphql' }, query) }],
    ];
    for (const [what, url, body, status, code, headers] of probes) {
      const answer = body === undefined ? await send(url, '', headers ?? {}, 'GET') : await send(url, body, headers ?? {});
      assert.ok(tally.record(answer.status === status && answer.code === code), `${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    const upgrade = await upgradeStatus(`${documentsHost}/graphql`, { cookie: memberCookie });
    assert.ok(tally.record(upgrade === 403), `an unsigned websocket upgrade to a host: ${upgrade}`);
    // What is meant to be reached still is: an integration's public route, and GraphQL through the gateway.
    const login = await send(`${platform.integrationsUrl}/imap/login`, '', {}, 'GET');
    assert.deepEqual([login.status, login.text], [200, 'login']);
    const member = await platform.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }', undefined, { cookie: memberCookie });
    assert.equal(typeof member.data?.documentsTotalCount, 'number');
  });

  it('listens on loopback only: the gateway and the integrations port are not reachable on another interface', async (t) => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (!outside) return t.skip('this machine has no interface besides loopback');
    for (const url of [platform.gatewayUrl, platform.integrationsUrl]) {
      const { port } = new URL(url);
      const reached = await fetch(`http://${outside}:${port}/health/live`).then(
        () => true,
        () => false,
      );
      assert.ok(tally.record(!reached), `${url} answered on ${outside}`);
    }
  });
});
