import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import mongoose from 'mongoose';
import { startAttackedProcess, type AttackedProcess } from './attacked-process.js';
import { percentile } from './security-probe.js';

/**
 * Issue 28's acceptance: no caller and no large answer takes the others down. `lattice start` as `npm start`
 * runs it, in a process of its own (every plugin, the gateway and the embedded database on its thread), with
 * a member who attacks and the owner who only reads. The platform is not run inside this test process: node:test
 * hooks every promise of its own process, which made each answer's promises cost about a third more there.
 */
describe('security: fair share of the plugins, under npm start', { skip: process.env.MONGO_URL ? 'MONGO_URL is set: this test is about npm start on its embedded defaults' : false }, () => {
  let lattice: AttackedProcess;
  let ownerCookie: string;
  let memberCookie: string;

  const seed = async (count: number) => {
    const db = await mongoose.createConnection(lattice.mongoUrl, { dbName: 'documents' }).asPromise();
    try {
      const existing = await db.collection('documents').countDocuments();
      const docs = Array.from({ length: count - existing }, (_, index) => ({
        name: `document ${existing + index}`,
        createdAt: new Date(),
        expiryDate: new Date(Date.UTC(2030, 0, 1 + (index % 365))),
        checked: index % 2 === 0,
        order: index,
      }));
      for (let start = 0; start < docs.length; start += 5_000) await db.collection('documents').insertMany(docs.slice(start, start + 5_000));
    } finally {
      await db.close();
    }
  };

  /** The owner's documentsTotalCount, one after another until `attack` ends: every latency and every failure. */
  const victimDuring = async (attack: () => Promise<void>) => {
    const latencies: number[] = [];
    const failures: string[] = [];
    let attacking = true;
    const victim = (async () => {
      while (attacking || latencies.length < 20) {
        const started = performance.now();
        const answer = await lattice.graphql<{ documentsTotalCount: number }>('{ documentsTotalCount }', ownerCookie);
        latencies.push(performance.now() - started);
        if (answer.errors || typeof answer.data?.documentsTotalCount !== 'number') failures.push(JSON.stringify(answer.errors ?? answer.data));
      }
    })();
    try {
      await attack();
    } finally {
      attacking = false;
    }
    await victim;
    return { latencies, failures };
  };

  before(async () => {
    lattice = await startAttackedProcess('fair-share');
    ({ ownerCookie, memberCookie } = lattice);
    await seed(5_000);
  });
  after(async () => {
    await lattice?.stop();
  });

  describe('while a member sends 8 concurrent distinct 100-alias documents queries over 5,000 documents, and 8 allowed unpaged ones', () => {
    let latencies: number[];
    let failures: string[];
    const attackerAnswers: string[] = [];
    before(async () => {
      ({ latencies, failures } = await victimDuring(async () => {
        // Distinct by a comment, so that no two are shared in flight; refused by their real cost (100 × 5,000 items).
        const aliased = Array.from({ length: 8 }, (_, lane) => `# lane ${lane}\n{ ${Array.from({ length: 100 }, (_, i) => `a${i}: documents { _id }`).join(' ')} }`);
        // And 8 that are allowed (one unpaged list of every document each): they take turns.
        const allowed = Array.from({ length: 8 }, (_, lane) => `# lane ${lane}\n{ documents { _id name createdAt expiryDate checked order } }`);
        const answers = await Promise.all([...aliased, ...allowed].map((query) => lattice.graphql<{ documents?: unknown[] }>(query, memberCookie)));
        for (const answer of answers) attackerAnswers.push(answer.errors?.[0]?.extensions?.code ?? `${answer.data?.documents?.length} documents`);
      }));
      console.log(`# documentsTotalCount during the attack: p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms over ${latencies.length} requests`);
    });

    it("answers another user's documentsTotalCount every time, none of the member's queries finding a plugin unavailable", () => {
      assert.deepEqual(failures, []);
      assert.ok(latencies.length >= 20);
      assert.equal(attackerAnswers.filter((answer) => answer === 'QUERY_TOO_COMPLEX').length, 8, attackerAnswers.join(', '));
      assert.equal(attackerAnswers.filter((answer) => answer === '5000 documents').length, 8, attackerAnswers.join(', '));
    });

    // Measured 2026-11-28 06:58 with this test on this session's machine (npm start in a process of its own): p99
    // 192 ms quiet, 296 ms with two busy loops beside it, 425-465 ms with six (load 5.6-6.6), 628 ms with ten (load
    // 9.5). What the other user waits for is the turns of the allowed answers (the driver decoding a batch,
    // graphql-js setting up 5,000 list items, the answer's JSON.stringify).
    it("answers it with p99 under 1 s", () => {
      assert.ok(percentile(latencies, 0.99) < 1_000, `p99 ${percentile(latencies, 0.99).toFixed(0)} ms`);
    });
  });

  it('serves a 20,000-document answer without making any other plugin unavailable', async () => {
    await seed(20_000);
    const health = async () => {
      const body = (await (await fetch(`${lattice.gatewayUrl}/health`)).json()) as { plugins: Record<string, string> };
      return Object.entries(body.plugins).filter(([, status]) => status !== 'up').map(([name]) => name);
    };
    const down: string[] = [];
    const failures: string[] = [];
    let answering = true;
    const others = (async () => {
      while (answering) {
        const answer = await lattice.graphql('{ currentUser { _id } customers(perPage: 1) { _id } }', ownerCookie);
        if (answer.errors) failures.push(JSON.stringify(answer.errors));
        down.push(...(await health()));
      }
    })();
    let count: number | undefined;
    try {
      for (let round = 0; round < 3; round++) {
        const answer = await lattice.graphql<{ documents: unknown[] }>(`# round ${round}\n{ documents { _id } }`, memberCookie);
        assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
        count = answer.data?.documents.length;
      }
    } finally {
      answering = false;
      await others;
    }
    assert.equal(count, 20_000);
    assert.deepEqual(failures, []);
    assert.deepEqual(down, []);
  });
});
