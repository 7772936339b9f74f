import type { ActingUser, ConsumeOptions, MessageBroker, MessageMeta, PlainHandler, RPCHandler } from '@lattice/broker';
import { ForbiddenError, PluginUnavailableError } from '@lattice/plugin-sdk';
import { currentRequestId, currentRequestScope, runWithRequestId, setRequestUser } from './request-scope.js';

interface Route<THandler> {
  handler?: THandler;
}

// Per broker, per `<plugin>|<kind>|<queue>`: the consumer registered once, and the handler of the plugin
// host that is running now.
const routesByBroker = new WeakMap<MessageBroker, Map<string, Route<PlainHandler | RPCHandler>>>();

/** The user of the request sending a message: the consumer may act for them (see ConsumeOptions.actsFor). */
function currentActor(): ActingUser | undefined {
  const scope = currentRequestScope();
  return scope?.userId ? { userId: scope.userId, permissions: [...(scope.permissions ?? [])] } : undefined;
}

/**
 * Runs a consumer's handler in the scope of the message's request. A consumer that acts for a user (`actsFor`)
 * runs only for a message sent for a user with that action, and as that user: what it changes is recorded in the
 * activity log under their name, as their own request's changes are.
 */
function handleAs<TResult>(queue: string, options: ConsumeOptions | undefined, meta: MessageMeta, handle: () => TResult): TResult {
  return runWithRequestId(meta.requestId, () => {
    const action = options?.actsFor;
    if (!action) return handle();
    if (!meta.actor) throw new ForbiddenError(`${queue} acts for a user, and this message was sent for none`);
    if (!meta.actor.permissions.includes(action)) throw new ForbiddenError(`${queue} needs ${action}, which the user it acts for does not have`);
    setRequestUser(meta.actor.userId, meta.actor.permissions);
    return handle();
  });
}

export interface PluginBrokerClient {
  client: MessageBroker;
  /** The host stopped: its consumers answer that the plugin is unavailable until it starts again. */
  detach(): void;
  /** Resolves once every message this host's handlers had started on has been handled (or failed). */
  settled(): Promise<void>;
  /** Whether the plugin consumes this RPC queue (on this broker, by this host or an earlier one in the process). */
  consumesRPC(queue: string): boolean;
}

/**
 * The broker a plugin host hands its plugin. A broker cannot take a consumer back, and in one process
 * (embedded mode, tests) a plugin host can stop and start again on the same broker; so each queue is
 * consumed once per plugin and broker, and the consumer calls whichever host of that plugin runs now.
 * In services mode each host has its own connection and this changes nothing.
 */
export function createPluginBrokerClient(broker: MessageBroker, pluginName: string): PluginBrokerClient {
  let routes = routesByBroker.get(broker);
  if (!routes) {
    routes = new Map();
    routesByBroker.set(broker, routes);
  }
  const mine: Array<Route<PlainHandler | RPCHandler>> = [];
  const inFlight = new Set<Promise<unknown>>();

  // Counts the handler's work so that a stopping host can finish it before closing what the handler uses.
  function track<T>(work: () => T | Promise<T>): Promise<T> {
    const running = Promise.resolve().then(work);
    inFlight.add(running);
    const forget = () => inFlight.delete(running);
    running.then(forget, forget);
    return running;
  }

  async function attach<THandler extends PlainHandler | RPCHandler>(
    kind: 'plain' | 'rpc',
    queue: string,
    handler: THandler,
    consume: (route: Route<THandler>) => Promise<void>,
  ) {
    const key = `${pluginName}|${kind}|${queue}`;
    const existing = routes!.get(key) as Route<THandler> | undefined;
    const route = existing ?? {};
    route.handler = handler;
    mine.push(route as Route<PlainHandler | RPCHandler>);
    if (!existing) {
      routes!.set(key, route as Route<PlainHandler | RPCHandler>);
      await consume(route);
    }
  }

  const unavailable = () => {
    throw new PluginUnavailableError(pluginName);
  };

  const client: MessageBroker = {
    sendMessage: (queue, data, options) => broker.sendMessage(queue, data, { requestId: currentRequestId(), actor: currentActor(), ...options }),
    sendRPCMessage: (queue, data, options) => broker.sendRPCMessage(queue, data, { requestId: currentRequestId(), actor: currentActor(), ...options }),
    consumeQueue: (queue, handler, options) =>
      attach('plain', queue, handler, (route) =>
        broker.consumeQueue(queue, (data, meta) => {
          const handler = route.handler;
          return handler ? track(() => handleAs(queue, options, meta, () => handler(data, meta))) : unavailable();
        }),
      ),
    consumeRPCQueue: (queue, handler, options) =>
      attach('rpc', queue, handler, (route) =>
        broker.consumeRPCQueue(queue, (data, meta) => {
          const handler = route.handler;
          return handler ? track(() => handleAs(queue, options, meta, () => handler(data, meta))) : unavailable();
        }),
      ),
    isConnected: () => broker.isConnected(),
    // The broker belongs to whoever started the platform; a plugin closing it would cut off the others.
    close: async () => undefined,
  };
  return {
    client,
    detach: () => {
      for (const route of mine) delete route.handler;
    },
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    consumesRPC: (queue) => routes.has(`${pluginName}|rpc|${queue}`),
  };
}
