import type { MessageBroker } from '@lattice/broker';
import {
  createIntegrationQueue,
  removeIntegrationQueue,
  sendReplyQueue,
  type CreateIntegrationPayload,
  type SendReplyPayload,
} from '@lattice/contracts';
import { definePlugin } from '@lattice/plugin-sdk';

export interface FakeIntegrationCalls {
  created: CreateIntegrationPayload[];
  removed: string[];
  replies: SendReplyPayload[];
}

const registered = new WeakMap<MessageBroker, Set<string>>();

/**
 * A minimal integration plugin for the inbox's tests: its host announces its kind, it records the calls it gets,
 * refuses a createIntegration whose doc says `refuse`, and answers a reply whose body says `channel down` as failed.
 * `{ reply: false }`: a kind without a reply capability (it does not consume `<kind>:sendReply`).
 */
export function fakeIntegrationPlugin(kind: string, calls: FakeIntegrationCalls, { reply = true }: { reply?: boolean } = {}) {
  return definePlugin({
    name: kind,
    meta: { inboxIntegration: { kind, label: `Fake ${kind}` } },
    operations: { Query: { [`${kind}Ping`]: 'authenticated' } },
    graphql: () => ({ typeDefs: `type Query { ${kind}Ping: String }`, resolvers: { Query: { [`${kind}Ping`]: () => 'pong' } } }),
    onServerInit: async ({ messageBrokerClient: broker }) => {
      const kinds = registered.get(broker) ?? new Set<string>();
      registered.set(broker, kinds);
      if (kinds.has(kind)) return;
      kinds.add(kind);
      await broker.consumeRPCQueue(createIntegrationQueue(kind).name, (data) => {
        const payload = createIntegrationQueue(kind).payload.parse(data);
        if (payload.doc?.refuse) throw new Error(`refused: ${String(payload.doc.refuse)}`);
        calls.created.push(payload);
        return { status: 'success', webhookToken: `token-for-${payload.integrationId}` };
      });
      await broker.consumeRPCQueue(removeIntegrationQueue(kind).name, (data) => {
        calls.removed.push(removeIntegrationQueue(kind).payload.parse(data).integrationId);
        return { status: 'success' };
      });
      if (!reply) return;
      await broker.consumeRPCQueue(sendReplyQueue(kind).name, (data) => {
        const payload = sendReplyQueue(kind).payload.parse(data);
        calls.replies.push(payload);
        const failed = payload.body.includes('channel down');
        return {
          _id: `reply-${calls.replies.length}`,
          state: failed ? 'failed' : 'sent',
          error: failed ? 'the channel is down' : null,
          createdAt: new Date().toISOString(),
        };
      });
    },
  });
}
