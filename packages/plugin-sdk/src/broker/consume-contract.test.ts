import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { plainQueue, rpcQueue } from '@lattice/contracts';
import { z } from 'zod';
import { consumeContract } from './consume-contract.js';

const broker = createInProcessBroker();
after(() => broker.close());

const greet = rpcQueue('test:greet', z.object({ name: z.string() }), z.object({ greeting: z.string() }));
const record = plainQueue('test:record', z.object({ count: z.number().int() }));

describe('consumeContract', () => {
  it('hands an RPC handler the parsed payload and sends its reply', async () => {
    await consumeContract(broker, greet, ({ name }) => ({ greeting: `hello ${name}` }));
    assert.deepEqual(await broker.sendRPCMessage(greet.name, { name: 'Ada' }), { greeting: 'hello Ada' });
  });

  it('refuses a payload the contract refuses, naming the field, without calling the handler', async () => {
    await assert.rejects(broker.sendRPCMessage(greet.name, { name: 7 }), /name/);
  });

  it('refuses to send a reply that breaks the contract', async () => {
    const broken = rpcQueue('test:broken', z.object({}), z.object({ greeting: z.string() }));
    await consumeContract(broker, broken, () => ({ greeting: 42 }) as unknown as { greeting: string });
    await assert.rejects(broker.sendRPCMessage(broken.name, {}), /test:broken: the reply breaks its contract/);
  });

  it('hands a plain handler only the payloads that parse, and dead-letters the others at once', async () => {
    const seen: number[] = [];
    await consumeContract(broker, record, ({ count }) => void seen.push(count));
    await broker.sendMessage(record.name, { count: 'three' });
    await broker.sendMessage(record.name, { count: 3 });
    for (let waited = 0; (seen.length === 0 || broker.deadLetters(record.name).length === 0) && waited < 5_000; waited += 10) await delay(10);
    assert.deepEqual(seen, [3]);
    const [dead] = broker.deadLetters(record.name);
    assert.deepEqual({ data: dead?.data, attempts: dead?.attempts }, { data: { count: 'three' }, attempts: 1 }, 'not retried: no retry makes it parse');
    assert.match(dead?.errorMessage ?? '', /count/);
  });
});
