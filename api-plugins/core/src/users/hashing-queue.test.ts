import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LatticeError } from '@lattice/plugin-sdk';
import { HashingQueue } from './hashing-queue.js';

describe('HashingQueue', () => {
  it('runs at most its limit at once, queues the next ones, and refuses with TOO_MANY_REQUESTS past the queue', async () => {
    const queue = new HashingQueue(2, 3);
    let running = 0;
    let mostAtOnce = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      queue.run(async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'hashed';
      });
    const accepted = Array.from({ length: 5 }, work);
    const refused = await work().then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(refused instanceof LatticeError && refused.code === 'TOO_MANY_REQUESTS', String(refused));
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.deepEqual(await Promise.all(accepted), Array(5).fill('hashed'));
    assert.equal(mostAtOnce, 2);
  });
});
