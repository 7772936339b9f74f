import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { createPluginBrokerClient } from './plugin-broker-client.js';

const broker = createInProcessBroker({ maxAttempts: 1 });
after(() => broker.close());

describe('a plugin host\'s broker client', () => {
  it('hands queue work to the host running now, never to one that stopped', async () => {
    const first = createPluginBrokerClient(broker, 'notes');
    await first.client.consumeRPCQueue('notes:whoami', () => 'first host');
    assert.equal(await broker.sendRPCMessage('notes:whoami', {}), 'first host');

    first.detach();
    await assert.rejects(broker.sendRPCMessage('notes:whoami', {}, { timeoutMs: 1_000 }), /Plugin "notes" is unavailable/);

    const second = createPluginBrokerClient(broker, 'notes');
    await second.client.consumeRPCQueue('notes:whoami', () => 'second host');
    const replies = await Promise.all(Array.from({ length: 10 }, () => broker.sendRPCMessage('notes:whoami', {})));
    assert.deepEqual(new Set(replies), new Set(['second host']));
  });

  it('delivers plain messages to the current host only', async () => {
    const seen: string[] = [];
    const first = createPluginBrokerClient(broker, 'tasks');
    await first.client.consumeQueue('tasks:add', () => void seen.push('first'));
    first.detach();
    const second = createPluginBrokerClient(broker, 'tasks');
    await second.client.consumeQueue('tasks:add', () => void seen.push('second'));
    for (let index = 0; index < 5; index += 1) await broker.sendMessage('tasks:add', { index });
    for (let waited = 0; seen.length < 5 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(seen, ['second', 'second', 'second', 'second', 'second']);
  });

  it('does not let a plugin close the broker the platform shares', async () => {
    const client = createPluginBrokerClient(broker, 'closer').client;
    await client.close();
    await broker.consumeRPCQueue('closer:ping', () => 'pong');
    assert.equal(await broker.sendRPCMessage('closer:ping', {}), 'pong');
  });
});
