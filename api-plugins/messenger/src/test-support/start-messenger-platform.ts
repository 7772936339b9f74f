import assert from 'node:assert/strict';
import type { MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/platform';
import { connectTestBroker, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import { messengerPlugin } from '../plugin.js';

export interface MessengerTestPlatform {
  platform: TestPlatform;
  broker: MessageBroker;
  /** The platform's pub/sub, for a widgets service beside it (as npm start shares it). */
  pubsub: PubSubEngine;
  stop(): Promise<void>;
}

/**
 * contacts, inbox and messenger behind the gateway on RabbitMQ (or, off CI without it, the in-process broker), and
 * the plugins named in `others` (loaded by name, as the platform loads them: say imap, a mail integration).
 */
export async function startMessengerPlatform(connectionName: string, others: string[] = []): Promise<MessengerTestPlatform> {
  const { broker } = await connectTestBroker(connectionName);
  const pubsub = new PubSub();
  const loaded = await Promise.all(['contacts', 'inbox', ...others].map((name) => loadPluginPackage(name)));
  const platform = await startTestPlatform({ plugins: [...loaded, messengerPlugin], broker, pubsub, healthPollIntervalMs: 100 });
  return {
    platform,
    broker,
    pubsub,
    stop: async () => {
      await platform.stop();
      await broker.close();
    },
  };
}

/** `integrationsCreateExternalIntegration(kind: "messenger")` as the owner; answers the inbox id. */
export async function createMessengerIntegration(platform: TestPlatform, name: string, data: Record<string, unknown> = {}): Promise<string> {
  const response = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
    'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "messenger", name: $name, data: $data) { _id } }',
    { name, data },
  );
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data!.integrationsCreateExternalIntegration._id;
}
