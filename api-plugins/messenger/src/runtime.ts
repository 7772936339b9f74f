import type { MessageBroker } from '@lattice/broker';
import { PluginUnavailableError } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { messengerEventsOn, type MessengerEvents } from './events/messenger-events.js';
import { loadModels, type MessengerModels } from './models/load-models.js';

/** What one messenger plugin host works with beside GraphQL. */
export interface MessengerRuntime {
  models(): MessengerModels;
  broker: MessageBroker;
  events: MessengerEvents;
}

export function createRuntime(broker: MessageBroker, pubsub: PubSubEngine, db: Connection, debug: Logger): MessengerRuntime {
  return {
    broker,
    events: messengerEventsOn(pubsub, debug),
    models: () => {
      if (db.readyState !== 1) throw new PluginUnavailableError('messenger');
      return loadModels(db);
    },
  };
}

/** The runtime the host merged into a request's context from `onServerInit`; none means the host is not serving. */
export function contextRuntime(context: Readonly<Record<string, unknown>>): MessengerRuntime {
  const runtime = context.runtime as Partial<MessengerRuntime> | undefined;
  if (typeof runtime?.models !== 'function') throw new PluginUnavailableError('messenger');
  return runtime as MessengerRuntime;
}
