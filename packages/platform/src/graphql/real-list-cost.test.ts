import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import pino from 'pino';
import { ListBounds } from './real-list-cost.js';

/** A plugin whose one bound is read by `read`. */
function boundsReadBy(read: () => Promise<number>) {
  const definition = { listBounds: () => ({ 'Query.documents': read }) } as unknown as PluginDefinition;
  return new ListBounds(definition, {} as PluginServices, pino({ level: 'silent' }));
}

/** A read that answers when the test says, with the count as it is then. */
function heldReads(count: { value: number }) {
  const waiting: Array<() => void> = [];
  let reads = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      reads += 1;
      waiting.push(() => resolve(count.value));
    });
  return { read, reads: () => reads, answerOne: () => waiting.shift()?.() };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('ListBounds', () => {
  it('waits for the first read', async () => {
    const bounds = boundsReadBy(async () => 7);
    assert.equal(bounds.bound('Query', 'documents'), undefined);
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 7);
    assert.equal(bounds.covers('Query', 'documents'), true);
    assert.equal(bounds.covers('Query', 'documentTypes'), false);
  });

  it('reads again for the next request, so an import just before it cannot slip under the limit', async () => {
    const count = { value: 1 };
    const bounds = boundsReadBy(async () => count.value);
    await bounds.fresh();
    count.value = 5_000;
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 5_000);
  });

  it('shares one read among the requests that arrive while another is read, never one that started before them', async () => {
    const count = { value: 1 };
    const held = heldReads(count);
    const bounds = boundsReadBy(held.read);
    const first = bounds.fresh();
    // An import lands while the first read is on its way; the requests after it must not use that read.
    count.value = 5_000;
    const later = [bounds.fresh(), bounds.fresh(), bounds.fresh()];
    await settled();
    assert.equal(held.reads(), 1, 'one read at a time');
    held.answerOne();
    await first;
    await settled();
    assert.equal(held.reads(), 2, 'the later requests share the read that started after the first ended');
    held.answerOne();
    await Promise.all(later);
    assert.equal(bounds.bound('Query', 'documents'), 5_000);
    assert.equal(held.reads(), 2);
  });

  it('keeps a bound unknown when its read fails, and reads it again for the next request', async () => {
    let fail = true;
    const bounds = boundsReadBy(async () => {
      if (fail) throw new Error('the database is away');
      return 3;
    });
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), undefined);
    fail = false;
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 3);
  });
});
