import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FairTurns, TurnWaitTimeoutError } from './fair-turns.js';

/** A task held open until `release` is called; `started` says whether it got its turn. */
function heldTask() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  const task = { started: false, release, run: async () => ((task.started = true), await done) };
  return task;
}

describe('FairTurns', () => {
  it("runs one caller's burst two at a time, in order, while another caller starts at once", async () => {
    const turns = new FairTurns(2, 32, 10_000);
    const burst = Array.from({ length: 8 }, () => heldTask());
    const burstDone = burst.map((task) => turns.run('member', task.run));
    await Promise.resolve();
    assert.deepEqual(burst.map((task) => task.started), [true, true, false, false, false, false, false, false]);
    const other = heldTask();
    const otherDone = turns.run('other user', other.run);
    await Promise.resolve();
    assert.equal(other.started, true, "the other caller does not wait behind the member's burst");
    other.release();
    await otherDone;
    burst[0]!.release();
    await burstDone[0];
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(burst.map((task) => task.started), [true, true, true, false, false, false, false, false]);
    for (const task of burst) task.release();
    await Promise.all(burstDone);
    assert.equal(turns.active, 0);
  });

  it('hands freed turns to waiting callers in rotation when everyone is at the limit', async () => {
    const turns = new FairTurns(4, 2, 10_000);
    const order: string[] = [];
    const hold = [heldTask(), heldTask()];
    const holding = hold.map((task) => turns.run('a', task.run));
    const waiting = [
      ...['a1', 'a2', 'a3'].map((name) => turns.run('a', async () => void order.push(name))),
      ...['b1', 'b2'].map((name) => turns.run('b', async () => void order.push(name))),
    ];
    for (const task of hold) task.release();
    await Promise.all([...holding, ...waiting]);
    assert.deepEqual(order.slice(0, 4), ['a1', 'b1', 'a2', 'b2']);
  });

  it('refuses a request that waited past the limit, saying how many of its own were ahead', async () => {
    const turns = new FairTurns(1, 32, 50);
    const held = heldTask();
    const running = turns.run('member', held.run);
    await assert.rejects(turns.run('member', async () => 'never'), (error: unknown) => error instanceof TurnWaitTimeoutError && error.ahead === 1);
    held.release();
    await running;
    assert.equal(await turns.run('member', async () => 'served after'), 'served after');
  });
});
