import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deserialize, Double, EJSON, ObjectId, serialize, type Document } from 'bson';
import { runPipeline } from './matcher.js';
import { runSimpleGroup } from './simple-group.js';

const kinds = [new ObjectId(), new ObjectId()];
let seed = 7;
const random = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
// Scalars of every kind the fast path handles, missing and null among them, and dates on both sides of 1970.
const docs: Document[] = Array.from({ length: 2000 }, (_, index) => {
  const doc: Document = { _id: index };
  const pick = random(8);
  if (pick === 1) doc.kind = null;
  else if (pick === 2) doc.kind = kinds[random(2)];
  else if (pick === 3) doc.kind = random(3);
  else if (pick === 4) doc.kind = random(2) === 0;
  else if (pick > 4) doc.kind = `k${random(4)}`;
  if (random(10) > 0) doc.at = new Date(Date.UTC(1968, 0, 1) + random(60 * 365) * 86_400_000 + random(86_400_000));
  doc.meta = random(3) === 0 ? { owner: `o${random(3)}` } : undefined;
  return doc;
});

// As the client receives them: a field whose value is undefined is left out on the wire.
const canonical = (rows: Document[]) => rows.map((row) => EJSON.stringify(deserialize(serialize(row, { ignoreUndefined: true })), { relaxed: false })).sort();

function assertSameAsMingo(spec: Document, input: Document[] = docs): void {
  const fast = runSimpleGroup(input, spec);
  assert.ok(fast, `the fast path declined ${JSON.stringify(spec)}`);
  assert.deepEqual(canonical(fast), canonical(runPipeline(input, [{ $group: spec }])), JSON.stringify(spec));
}

describe('runSimpleGroup: counts by fields and calendar buckets, the same groups as mingo', () => {
  it('groups by a field, a nested field and several fields, missing and null together', () => {
    assertSameAsMingo({ _id: '$kind', n: { $sum: 1 } });
    assertSameAsMingo({ _id: '$meta.owner', n: { $sum: 1 }, twice: { $sum: 2 } });
    assertSameAsMingo({ _id: { d0: '$kind', d1: '$meta.owner' }, m0: { $sum: 1 } });
  });

  it('truncates dates to every calendar unit in UTC, weeks from the day asked', () => {
    for (const unit of ['year', 'day', 'hour', 'minute', 'second']) {
      assertSameAsMingo({ _id: { t0: { $dateTrunc: { date: '$at', unit } } }, m0: { $sum: 1 } });
    }
    // Before 2000 mingo puts January (months) and the first quarter into the next year (1970-01-04 in 1971-01-01):
    // compared from 2000 on, and checked by hand below.
    const since2000 = docs.filter((doc) => !(doc.at instanceof Date) || doc.at.getTime() >= Date.UTC(2000, 0, 1));
    for (const unit of ['month', 'quarter']) assertSameAsMingo({ _id: { t0: { $dateTrunc: { date: '$at', unit } } }, m0: { $sum: 1 } }, since2000);
    for (const startOfWeek of [undefined, 'monday', 'Sun', 'saturday']) {
      assertSameAsMingo({ _id: { d0: '$kind', t0: { $dateTrunc: { date: '$at', unit: 'week', ...(startOfWeek ? { startOfWeek } : {}) } } }, m0: { $sum: 1 } });
    }
  });

  it('counts by hand: months and quarters before 2000 stay in their own year', () => {
    const input = [{ at: new Date('1968-02-01T00:00:00Z') }, { at: new Date('1968-05-17T10:00:00Z') }];
    assert.deepEqual(runSimpleGroup(input, { _id: { $dateTrunc: { date: '$at', unit: 'quarter' } }, n: { $sum: 1 } }), [
      { _id: new Date('1968-01-01T00:00:00Z'), n: 1 },
      { _id: new Date('1968-04-01T00:00:00Z'), n: 1 },
    ]);
    assert.deepEqual(runSimpleGroup(input, { _id: { $dateTrunc: { date: '$at', unit: 'month' } }, n: { $sum: 1 } }), [
      { _id: new Date('1968-02-01T00:00:00Z'), n: 1 },
      { _id: new Date('1968-05-01T00:00:00Z'), n: 1 },
    ]);
    assert.deepEqual(runSimpleGroup([{ at: new Date('1970-01-04T07:20:00Z') }], { _id: { $dateTrunc: { date: '$at', unit: 'month' } }, n: { $sum: 1 } }), [
      { _id: new Date('1970-01-01T00:00:00Z'), n: 1 },
    ]);
  });

  it('counts by hand: two months, a missing date under null', () => {
    const input = [{ at: new Date('2026-01-31T23:59:59Z') }, { at: new Date('2026-01-01T00:00:00Z') }, { at: new Date('2026-02-01T00:00:00Z') }, {}];
    assert.deepEqual(runSimpleGroup(input, { _id: { $dateTrunc: { date: '$at', unit: 'month' } }, n: { $sum: 1 } }), [
      { _id: new Date('2026-01-01T00:00:00Z'), n: 2 },
      { _id: new Date('2026-02-01T00:00:00Z'), n: 1 },
      { _id: null, n: 1 },
    ]);
  });

  it('declines what it does not handle, so mingo answers it', () => {
    assert.equal(runSimpleGroup(docs, { _id: '$kind', total: { $sum: '$_id' } }), undefined);
    assert.equal(runSimpleGroup(docs, { _id: { $toLower: '$kind' }, n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup(docs, { _id: { $dateTrunc: { date: '$at', unit: 'month', timezone: 'Europe/Berlin' } }, n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup(docs, { _id: '$$ROOT', n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup([{ kind: ['a', 'b'] }], { _id: '$kind', n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup([{ kind: { a: 1 } }], { _id: '$kind', n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup([{ kind: new Double(1) }], { _id: '$kind', n: { $sum: 1 } }), undefined);
    assert.equal(runSimpleGroup([{ at: 'yesterday' }], { _id: { $dateTrunc: { date: '$at', unit: 'day' } }, n: { $sum: 1 } }), undefined);
  });
});
