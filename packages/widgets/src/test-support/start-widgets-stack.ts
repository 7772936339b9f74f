import assert from 'node:assert/strict';
import type { MessageBroker } from '@lattice/broker';
import { loadPluginPackage } from '@lattice/platform';
import { connectTestBroker, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { PubSub, type PubSubEngine } from 'graphql-subscriptions';
import { startWidgetsService, type RunningWidgetsService } from '../start-widgets-service.js';

export interface WidgetsStack {
  platform: TestPlatform;
  broker: MessageBroker;
  pubsub: PubSubEngine;
  widgets: RunningWidgetsService;
  /** Creates a messenger integration as the owner; answers its id. */
  createMessenger(name: string, data?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * contacts, inbox and messenger on the embedded platform (RabbitMQ when reachable), and a widgets service on a
 * free port beside it sharing the broker and the pub/sub, as `npm start` runs them. The plugins are loaded by
 * name, as the platform loads them: the service itself never imports a plugin.
 */
export async function startWidgetsStack(connectionName: string): Promise<WidgetsStack> {
  const { broker } = await connectTestBroker(connectionName);
  const pubsub = new PubSub();
  const plugins = await Promise.all(['contacts', 'inbox', 'messenger'].map((name) => loadPluginPackage(name)));
  const platform = await startTestPlatform({ plugins, broker, pubsub, healthPollIntervalMs: 100 });
  const widgets = await startWidgetsService({ port: 0, broker, pubsub, logger: undefined }).catch(async (error: unknown) => {
    await platform.stop();
    throw error;
  });
  return {
    platform,
    broker,
    pubsub,
    widgets,
    createMessenger: async (name, data = {}) => {
      const response = await platform.graphql<{ integrationsCreateExternalIntegration: { _id: string } }>(
        'mutation ($name: String!, $data: JSON) { integrationsCreateExternalIntegration(kind: "messenger", name: $name, data: $data) { _id } }',
        { name, data },
      );
      assert.equal(response.errors, undefined, JSON.stringify(response.errors));
      return response.data!.integrationsCreateExternalIntegration._id;
    },
    stop: async () => {
      await widgets.stop();
      await platform.stop();
      await broker.close();
    },
  };
}
