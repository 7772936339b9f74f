import type { MessageBroker } from '@lattice/broker';
import {
  createIntegrationQueue,
  removeIntegrationQueue,
  type CreateIntegrationPayload,
} from '@lattice/contracts';
import { definePlugin } from '@lattice/plugin-sdk';

export interface FakeIntegrationCalls {
  created: CreateIntegrationPayload[];
  removed: string[];
}

const registered = new WeakSet<MessageBroker>();

/**
 * A minimal integration plugin for the inbox's tests: its host announces its kind, it records the calls it gets,
 * and refuses a createIntegration whose doc says `refuse`.
 */
export function fakeIntegrationPlugin(kind: string, calls: FakeIntegrationCalls) {
  return definePlugin({
    name: kind,
    meta: { inboxIntegration: { kind, label: `Fake ${kind}` } },
    graphql: () => ({ typeDefs: `type Query { ${kind}Ping: String }`, resolvers: { Query: { [`${kind}Ping`]: () => 'pong' } } }),
    onServerInit: async ({ messageBrokerClient: broker }) => {
      if (registered.has(broker)) return;
      registered.add(broker);
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
    },
  });
}
