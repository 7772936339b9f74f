import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PluginDefinition, PluginServices } from '@lattice/plugin-sdk';
import pino from 'pino';
import { ListBounds } from './real-list-cost.js';

/** A plugin whose one bound is `count` as it is when read, on a clock the test moves. */
function boundsOf(count: { value: number }, clock: { now: number }) {
  const definition = { listBounds: () => ({ 'Query.documents': async () => count.value }) } as unknown as PluginDefinition;
  return new ListBounds(definition, {} as PluginServices, pino({ level: 'silent' }), () => clock.now);
}

describe('ListBounds', () => {
  it('waits for the first read', async () => {
    const bounds = boundsOf({ value: 7 }, { now: 0 });
    assert.equal(bounds.bound('Query', 'documents'), undefined);
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 7);
  });

  it('waits for a new read once the values are a second old, so an import since the last read cannot slip under the limit', async () => {
    const count = { value: 1 };
    const clock = { now: 0 };
    const bounds = boundsOf(count, clock);
    await bounds.fresh();
    count.value = 5_000;
    clock.now = 900;
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 1, 'within the second, the last read is used');
    clock.now = 1_500;
    assert.equal(bounds.isFresh(), false);
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 5_000);
  });

  it('shares one read among the requests that wait for it', async () => {
    let reads = 0;
    const definition = { listBounds: () => ({ 'Query.documents': async () => ++reads }) } as unknown as PluginDefinition;
    const bounds = new ListBounds(definition, {} as PluginServices, pino({ level: 'silent' }), () => 0);
    await Promise.all([bounds.fresh(), bounds.fresh(), bounds.fresh()]);
    assert.equal(reads, 1);
    assert.equal(bounds.covers('Query', 'documents'), true);
    assert.equal(bounds.covers('Query', 'documentTypes'), false);
  });

  it('waits for a new read after a quiet spell, so an import since the last read cannot slip under the limit', async () => {
    const count = { value: 0 };
    const clock = { now: 0 };
    const bounds = boundsOf(count, clock);
    await bounds.fresh();
    count.value = 5_000;
    clock.now = 60_000;
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 5_000);
  });
});
