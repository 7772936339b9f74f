import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Fifo } from './fifo.js';

it('Fifo hands items back in order across its compactions', () => {
  const fifo = new Fifo<number>();
  const out: number[] = [];
  for (let i = 0; i < 5000; i += 1) {
    fifo.push(i);
    if (i % 3 === 0) out.push(fifo.shift() as number);
  }
  while (fifo.length > 0) out.push(fifo.shift() as number);
  assert.deepEqual(out, Array.from({ length: 5000 }, (_, i) => i));
  assert.equal(fifo.shift(), undefined);
});
