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

/**
 * The plugin's results for one subscription, already formatted by the plugin host. Losing the connection
 * to the plugin (stopped, crashed, unreachable) ends it with one result carrying PLUGIN_UNAVAILABLE that
 * names the plugin, as the HTTP path answers; `return()` (the client completed or left) completes the
 * subscription at the plugin at once.
 */
export function relayPluginResults(
  client: Client,
  payload: SubscribePayload,
  replica: Replica,
  logger: Logger,
): AsyncIterableIterator<FormattedExecutionResult> {
  const results = client.iterate(payload) as AsyncIterableIterator<FormattedExecutionResult>;
  let ended = false;
  const relay: AsyncIterableIterator<FormattedExecutionResult> = {
    [Symbol.asyncIterator]: () => relay,
    async next() {
      if (ended) return { done: true, value: undefined };
      try {
        return await results.next();
      } catch (error) {
        ended = true;
        if (Array.isArray(error)) throw new PluginSubscriptionErrors(error as GraphQLFormattedError[]);
        const where = { plugin: replica.plugin, replica: replica.url, connection: describeLoss(error) };
        logger.warn(where, 'lost the websocket to a plugin; its subscriptions end');
        return { done: false, value: { errors: [pluginUnavailableError(replica.plugin)] } };
      }
    },
    async return() {
      ended = true;
      await results.return?.();
      return { done: true, value: undefined };
    },
  };
  return relay;
}
