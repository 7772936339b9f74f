import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Client, SubscribePayload } from 'graphql-ws';
import type { Logger } from 'pino';
import { pluginUnavailableError } from '../graphql/gateway-errors.js';
import type { Replica } from '../subgraphs/replica.js';

/** The plugin refused or failed the subscription with these errors (a graphql-ws `error` message), relayed as they are. */
export class PluginSubscriptionErrors extends Error {
  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors[0]?.message ?? 'The plugin refused the subscription');
  }
}

function describeLoss(error: unknown): string {
  const event = error as { code?: unknown; reason?: unknown; message?: unknown };
  if (typeof event.code === 'number') return `closed ${event.code} ${String(event.reason ?? '')}`.trim();
  return String(event.message ?? error);
}

/** What a relay does when its client does not keep up: more than `maxQueuedBytes` of results waiting for it. */
export interface SlowClientPolicy {
  maxQueuedBytes: number;
  /** Disconnects the client; its subscriptions then end (and complete at the plugin). */
  onSlowClient: () => void;
}

/**
 * The plugin's results for one subscription, already formatted by the plugin host. Losing the connection
 * to the plugin (stopped, crashed, unreachable) ends it with one result carrying PLUGIN_UNAVAILABLE that
 * names the plugin, as the HTTP path answers; `return()` (the client completed or left) completes the
 * subscription at the plugin at once. Results wait in a queue while the client's socket is full; when more
 * than `maxQueuedBytes` wait (a client that stopped reading), `onSlowClient` disconnects it.
 */
export function relayPluginResults(
  client: Client,
  payload: SubscribePayload,
  replica: Replica,
  logger: Logger,
  slow: SlowClientPolicy,
): AsyncIterableIterator<FormattedExecutionResult> {
  const queue: FormattedExecutionResult[] = [];
  let queuedBytes = 0;
  let ended = false;
  let completed = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  const unsubscribe = client.subscribe(payload, {
    next: (value) => {
      if (ended) return;
      // Measured only while the client is behind, so a client that keeps up costs nothing extra.
      if (queue.length > 0) queuedBytes += JSON.stringify(value).length;
      queue.push(value as FormattedExecutionResult);
      if (queuedBytes > slow.maxQueuedBytes) {
        ended = true;
        queue.length = 0;
        queuedBytes = 0;
        unsubscribe();
        slow.onSlowClient();
      }
      signal();
    },
    error: (error) => {
      failure = { error };
      signal();
    },
    complete: () => {
      completed = true;
      signal();
    },
  });
  const done = { done: true as const, value: undefined };
  const relay: AsyncIterableIterator<FormattedExecutionResult> = {
    [Symbol.asyncIterator]: () => relay,
    async next() {
      for (;;) {
        if (ended) return done;
        const value = queue.shift();
        if (value !== undefined) {
          if (queue.length === 0) queuedBytes = 0;
          return { done: false, value };
        }
        if (failure) {
          ended = true;
          const { error } = failure;
          if (Array.isArray(error)) throw new PluginSubscriptionErrors(error as GraphQLFormattedError[]);
          const where = { plugin: replica.plugin, replica: replica.url, connection: describeLoss(error) };
          logger.warn(where, 'lost the websocket to a plugin; its subscriptions end');
          return { done: false, value: { errors: [pluginUnavailableError(replica.plugin)] } };
        }
        if (completed) {
          ended = true;
          return done;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    async return() {
      ended = true;
      queue.length = 0;
      unsubscribe();
      signal();
      return done;
    },
  };
  return relay;
}
