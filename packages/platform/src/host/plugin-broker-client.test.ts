import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createInProcessBroker } from '@lattice/broker';
import { sendReplyQueue } from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import { createPluginBrokerClient } from './plugin-broker-client.js';
import { currentRequestScope, runWithRequestId, setRequestUser } from './request-scope.js';

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

describe('a queue consumer that acts for a user (actsFor)', () => {
  const asUser = <T>(userId: string, permissions: string[], work: () => Promise<T>) =>
    runWithRequestId(undefined, () => {
      setRequestUser(userId, permissions);
      return work();
    });

  it('runs as the user whose request sent the message, only when they have the declared action', async () => {
    const sender = createPluginBrokerClient(broker, 'desk').client;
    const consumer = createPluginBrokerClient(broker, 'mailer').client;
    await consumer.consumeRPCQueue('mailer:send', () => currentRequestScope()?.userId ?? 'nobody', { actsFor: 'desk:reply' });

    assert.equal(await asUser('agent-1', ['desk:reply', 'desk:show'], () => sender.sendRPCMessage('mailer:send', {})), 'agent-1');
    await assert.rejects(
      asUser('viewer-1', ['desk:show'], () => sender.sendRPCMessage('mailer:send', {})),
      /mailer:send needs desk:reply, which the user it acts for does not have/,
    );
    await assert.rejects(sender.sendRPCMessage('mailer:send', {}), /mailer:send acts for a user, and this message was sent for none/);
    // A consumer that declares nothing runs as no user, whoever sent the message.
    await consumer.consumeRPCQueue('mailer:status', () => currentRequestScope()?.userId ?? 'nobody');
    assert.equal(await asUser('agent-1', ['desk:reply'], () => sender.sendRPCMessage('mailer:status', {})), 'nobody');
  });

  it('is declared once, on the queue contract: an integration sends a reply only for a user who may reply', async () => {
    const contract = sendReplyQueue('outbox');
    assert.equal(contract.actsFor, 'inbox:replyToConversations');
    const consumer = createPluginBrokerClient(broker, 'outbox').client;
    await consumeContract(consumer, contract, ({ author }) => ({ _id: `${currentRequestScope()?.userId} as ${author.userId}`, state: 'sent' as const, createdAt: new Date(0).toISOString() }));
    const sender = createPluginBrokerClient(broker, 'inbox').client;
    const reply = {
      integrationId: '0123456789abcdef01234567',
      conversationId: '0123456789abcdef01234568',
      customerId: 'c1',
      body: 'Thanks',
      idempotencyKey: 'reply-0001',
      author: { userId: 'agent-2' },
    };
    const sent = await asUser('agent-2', ['inbox:replyToConversations'], () => sender.sendRPCMessage<{ _id: string }>(contract.name, reply));
    assert.equal(sent._id, 'agent-2 as agent-2');
    await assert.rejects(
      asUser('agent-3', ['inbox:showConversations'], () => sender.sendRPCMessage(contract.name, reply)),
      /needs inbox:replyToConversations/,
    );
  });
});
