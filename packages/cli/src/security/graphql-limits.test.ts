import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { subscribeOverWebSocket } from '@lattice/platform/test-kit';
import { startAttackedProcess, type AttackedProcess } from './attacked-process.js';
import { measureBaseline, measureWhile, notSlowedBound, percentile, send, Tally, type VictimQuery } from './security-probe.js';

/**
 * Issue 15, "the same limits at every GraphQL door": what a logged-in member can send. Costly and deep
 * queries are refused before anything runs (QUERY_TOO_COMPLEX), and nobody else is slowed meanwhile.
 */
describe('security: GraphQL limits against a member', () => {
  let lattice: AttackedProcess;
  let memberCookie: string;
  let victim: VictimQuery;
  const tally = new Tally();

  before(async () => {
    // npm start's platform in a process of its own: the attack's timing is the platform's, not this process's.
    lattice = await startAttackedProcess('graphql-limits');
    memberCookie = lattice.memberCookie;
    victim = () => lattice.graphql('{ documentsTotalCount }', lattice.ownerCookie);
    // Something to list, so an unpaged `documents` would have work to do.
    for (let i = 0; i < 30; i++) await lattice.graphql('mutation ($name: String) { documentsAdd(name: $name) { _id } }', lattice.ownerCookie, { name: `doc ${i}` });
  });
  after(async () => {
    console.log(`# security (GraphQL limits): ${tally}`);
    await lattice?.stop();
  });

  const aliases = (count: number, prefix: string, selection = '_id name') =>
    `{ ${Array.from({ length: count }, (_, i) => `${prefix}${i}: documents { ${selection} }`).join(' ')} }`;

  it("refuses 3,000 aliases of documents before execution with QUERY_TOO_COMPLEX, while another user's documentsTotalCount keeps p99 under 200 ms (4× its unattacked pace on a loaded machine)", async () => {
    const baseline = await measureBaseline(victim);
    // A new text each time, so the gateway reads and checks every one (no cache hit); made before the clock runs.
    const texts = Array.from({ length: 40 }, (_, round) => [0, 1, 2, 3].map((lane) => aliases(3000, `r${round}l${lane}a`)));
    let round = 0;
    const latencies = await measureWhile(victim, async () => {
      for (const lanes of texts) {
        round += 1;
        const answers = await Promise.all(lanes.map((text) => lattice.graphql(text, memberCookie)));
        for (const answer of answers) {
          const refused = answer.status === 400 && answer.errors?.[0]?.extensions?.code === 'QUERY_TOO_COMPLEX' && answer.data === undefined;
          assert.ok(tally.record(refused), `3,000 aliases: ${answer.status} ${JSON.stringify(answer.errors?.[0])}`);
        }
      }
    });
    const after = await measureBaseline(victim);
    const p99 = percentile(latencies, 0.99);
    const report = `documentsTotalCount p99 ${p99.toFixed(1)} ms over ${latencies.length} requests during ${round * 4} attacks (without them: ${percentile(baseline, 0.99).toFixed(1)} ms before, ${percentile(after, 0.99).toFixed(1)} ms after)`;
    console.log(`# ${report}`);
    assert.ok(p99 < notSlowedBound(baseline, after), report);
  });

  it('counts list fields as large and multiplies them through nesting: 99 unpaged aliases are refused as too costly, a paged list is served', async () => {
    const costly = await lattice.graphql(aliases(99, 'a', '_id name createdAt expiryDate checked typeId order currentType { _id name }'), memberCookie);
    assert.ok(tally.record(costly.status === 400 && costly.errors?.[0]?.extensions?.code === 'QUERY_TOO_COMPLEX'), JSON.stringify(costly.errors));
    assert.match(costly.errors?.[0]?.message ?? '', /Query is too costly/);
    const paged = await lattice.graphql<{ documents: unknown[] }>('{ documents(page: 1, perPage: 20) { _id name } }', memberCookie);
    assert.equal(paged.errors, undefined);
    assert.equal(paged.data?.documents.length, 20);
  });

  it('answers a query nested 6,000 levels deep with 400 and the depth message, over HTTP and over websocket, not 500', async () => {
    const deep = `{ ${'documents { currentType { '.repeat(3000)}_id${' } }'.repeat(3000)} }`;
    const http = await send(`${lattice.gatewayUrl}/graphql`, JSON.stringify({ query: deep }), { cookie: memberCookie });
    const error = (JSON.parse(http.text) as { errors?: Array<{ message: string; extensions?: { code?: string } }> }).errors?.[0];
    assert.ok(tally.record(http.status === 400 && error?.extensions?.code === 'QUERY_TOO_COMPLEX'), http.text.slice(0, 300));
    assert.match(error?.message ?? '', /^Query is too deep/);
    const subscription = subscribeOverWebSocket(`${lattice.gatewayUrl}/graphql`, { query: `subscription ${deep}` }, { cookie: memberCookie });
    const end = await subscription.end();
    const refused = end.kind === 'error' && end.errors[0]?.extensions?.['code'] === 'QUERY_TOO_COMPLEX';
    assert.ok(tally.record(refused), JSON.stringify(end));
  });

});
