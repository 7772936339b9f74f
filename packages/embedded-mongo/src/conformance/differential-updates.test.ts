import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Document } from 'mongodb';
import { useDriver } from '../test-support/driver-fixture.js';
import { generator } from '../test-support/generated-queries.js';
import { UpdateRefused, applyReferenceUpdate } from '../test-support/reference-updater.js';

/**
 * Generated updates (fixed seed) applied by the server and by an independent implementation of MongoDB's
 * update operators (test-support/reference-updater.ts), each to a generated document of its own; the
 * stored documents (field order included) and which updates are refused must agree.
 */
const SEED = 3501;
const UPDATES = 320;

describe('differential: generated updates against an independent implementation', () => {
  const fx = useDriver('diffupdates');

  it(`${UPDATES} generated updates agree`, async () => {
    const { doc, update } = generator(SEED);
    const docs = Array.from({ length: UPDATES }, (_, i) => doc(i));
    const c = await fx.fresh(docs);
    const updates = docs.map(() => update());
    // One unordered bulk write: each statement updates its own document, a refusal comes back as its write error.
    const refused = new Set<number>();
    try {
      await c.bulkWrite(updates.map((u, i) => ({ updateOne: { filter: { _id: i }, update: u as Document } })), { ordered: false });
    } catch (error) {
      const writeErrors = (error as { writeErrors?: { index: number }[] | { index: number } }).writeErrors;
      if (writeErrors === undefined) throw error;
      for (const writeError of [writeErrors].flat()) refused.add(writeError.index);
    }
    const stored = new Map((await c.find().toArray()).map((d) => [d._id, JSON.stringify(d)]));
    const disagreements: string[] = [];
    for (const [i, original] of docs.entries()) {
      const u = updates[i] as Record<string, Record<string, unknown>>;
      let expected: string;
      try {
        expected = JSON.stringify(applyReferenceUpdate(original, u));
      } catch (error) {
        if (!(error instanceof UpdateRefused)) throw error;
        expected = 'refused';
      }
      const actual = refused.has(i) ? 'refused' : (stored.get(i) ?? 'missing');
      if (actual !== expected) {
        disagreements.push(`${JSON.stringify(original)} ${JSON.stringify(u)}\n  server:    ${actual}\n  reference: ${expected}`);
      }
    }
    assert.equal(disagreements.length, 0, `${disagreements.length} of ${UPDATES} disagree:\n${disagreements.slice(0, 20).join('\n')}`);
  });
});
