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

  it('measures with the last values while it reads them again under a steady flow of requests', async () => {
    const count = { value: 1 };
    const clock = { now: 0 };
    const bounds = boundsOf(count, clock);
    await bounds.fresh();
    count.value = 5_000;
    clock.now = 1_500;
    await bounds.fresh();
    assert.equal(bounds.bound('Query', 'documents'), 1, 'a request a second and a half after the read does not wait');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(bounds.bound('Query', 'documents'), 5_000, 'the read it started has landed');
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
