import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createInProcessBroker, type InProcessBroker, type MessageBroker } from './index.js';
import { runBrokerContract } from './test-support/broker-contract.js';

const prefix = `t${randomBytes(4).toString('hex')}`;

function asInProcess(broker: MessageBroker): InProcessBroker {
  assert.ok('deadLetters' in broker);
  return broker as InProcessBroker;
}

runBrokerContract({
  name: 'in-process',
  createBroker: async (options) => createInProcessBroker(options),
  queueName: (action) => `${prefix}:${action}`,
  takeDeadLetters: async (broker, queue) =>
    asInProcess(broker)
      .deadLetters(queue)
      .map(({ data, errorMessage }) => ({ data, errorMessage })),
});

describe('in-process broker', () => {
  it('records how many attempts a dead letter had and its subdomain', async () => {
    const broker = createInProcessBroker({ maxAttempts: 2, retryDelayMs: 1 });
    await broker.consumeQueue('docs:poison', () => {
      throw new Error('nope');
    });
    await broker.sendMessage('docs:poison', 1, { subdomain: 'acme' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(broker.deadLetters('docs:poison'), [{ queue: 'docs:poison', data: 1, meta: { subdomain: 'acme' }, attempts: 2, errorMessage: 'nope' }]);
    await broker.close();
  });

  it('fails RPCs still waiting when it is closed', async () => {
    const broker = createInProcessBroker();
    const call = broker.sendRPCMessage('docs:never', {});
    await broker.close();
    await assert.rejects(call, /closed/);
    await assert.rejects(broker.sendMessage('docs:x', 1), /closed/);
  });

  it('drops an RPC request whose caller has timed out instead of running it late', async () => {
    const broker = createInProcessBroker();
    await assert.rejects(broker.sendRPCMessage('docs:late', {}, { timeoutMs: 20 }), /within 20 ms/);
    let ran = false;
    await broker.consumeRPCQueue('docs:late', () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.equal(ran, false);
    await broker.close();
  });
});
