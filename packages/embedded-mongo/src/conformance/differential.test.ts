import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useDriver } from '../test-support/driver-fixture.js';
import { generator } from '../test-support/generated-queries.js';
import { matches } from '../test-support/reference-matcher.js';

/**
 * Generated filters (fixed seed) answered by the server and by an independent evaluator of MongoDB's
 * query semantics (test-support/reference-matcher.ts); every disagreement is listed.
 */
const SEED = 35;
const DOCUMENTS = 60;
const FILTERS = 800;

describe('differential: generated queries against an independent evaluator', () => {
  const fx = useDriver('differential');

  it(`${FILTERS} generated filters over ${DOCUMENTS} generated documents agree`, async () => {
    const { doc, filter } = generator(SEED);
    const docs = Array.from({ length: DOCUMENTS }, (_, i) => doc(i));
    const c = await fx.fresh(docs);
    const disagreements: string[] = [];
    for (let i = 0; i < FILTERS; i++) {
      const f = filter();
      const expected = docs.filter((d) => matches(d, f)).map((d) => d._id as number);
      let actual: number[] | string;
      try {
        actual = (await c.find(f, { projection: { _id: 1 } }).sort({ _id: 1 }).toArray()).map((d) => d._id);
      } catch (error) {
        actual = `error ${(error as { code?: number }).code}: ${(error as Error).message}`;
      }
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        disagreements.push(`${JSON.stringify(f)}\n  server:    ${JSON.stringify(actual)}\n  reference: ${JSON.stringify(expected)}`);
      }
    }
    assert.equal(disagreements.length, 0, `${disagreements.length} of ${FILTERS} disagree:\n${disagreements.slice(0, 15).join('\n')}`);
  });
});
