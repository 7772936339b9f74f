import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** How a subscription ended: the server completed it, refused it with errors, or the socket closed. */
export type SubscriptionEnd =
  | { kind: 'complete' }
  | { kind: 'error'; errors: GraphQLFormattedError[] }
  | { kind: 'closed'; code: number; reason: string };

export interface TestSubscription<TData = Record<string, unknown>> {
  /** The next result the server sent and no `next()` took yet; rejects when none comes in time or the subscription ends. */
  next(timeoutMs?: number): Promise<FormattedExecutionResult<TData>>;
  /**
   * Calls `trigger` every `everyMs` until a result arrives, and returns it. The server subscribes
   * asynchronously, so an event published right after subscribing may come before the subscription
   * exists; this is how a test knows it is live. Later triggers' events may still arrive after it.
   */
  untilResult(trigger: () => Promise<unknown>, options?: { everyMs?: number; timeoutMs?: number }): Promise<FormattedExecutionResult<TData>>;
  /** How the subscription ended; rejects when it has not ended within `timeoutMs`. */
  end(timeoutMs?: number): Promise<SubscriptionEnd>;
  /** Completes the subscription from the client's side and closes the socket. */
  close(): Promise<void>;
}

function describeEnd(error: unknown): SubscriptionEnd {
  if (Array.isArray(error)) return { kind: 'error', errors: error as GraphQLFormattedError[] };
  const event = error as { code?: unknown; reason?: unknown; message?: unknown };
  if (typeof event.code === 'number') return { kind: 'closed', code: event.code, reason: String(event.reason ?? '') };
  return { kind: 'closed', code: 0, reason: String(event.message ?? error) };
}

/**
 * Subscribes over websocket (graphql-ws protocol) as a browser or any client would: `url` is the
 * GraphQL endpoint (`http://…/graphql` is fine), `headers` go on the upgrade request (for example the
 * login cookie). No retries, so a refused or dropped connection shows in `ended`.
 */
export function subscribeOverWebSocket<TData = Record<string, unknown>>(
  url: string,
  request: { query: string; variables?: Record<string, unknown>; operationName?: string },
  headers: Record<string, string> = {},
): TestSubscription<TData> {
  class WebSocketWithHeaders extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const client = createClient({ url: url.replace(/^http/, 'ws'), webSocketImpl: WebSocketWithHeaders, retryAttempts: 0 });
  const received: Array<FormattedExecutionResult<TData>> = [];
  let wake: () => void = () => undefined;
  let end: SubscriptionEnd | undefined;
  let settle: (how: SubscriptionEnd) => void = () => undefined;
  const ended = new Promise<SubscriptionEnd>((resolve) => (settle = resolve));
  const finish = (how: SubscriptionEnd): void => {
    end = how;
    settle(how);
    wake();
  };
  const unsubscribe = client.subscribe<TData>(request, {
    next: (result) => {
      received.push(result as FormattedExecutionResult<TData>);
      wake();
    },
    error: (error) => finish(describeEnd(error)),
    complete: () => finish({ kind: 'complete' }),
  });

  async function next(timeoutMs = 5_000): Promise<FormattedExecutionResult<TData>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = received.shift();
      if (result) return result;
      if (end) throw new Error(`the subscription ended (${JSON.stringify(end)}) before another result came`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no subscription result within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  return {
    next,
    async untilResult(trigger, { everyMs = 100, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await trigger();
        try {
          return await next(everyMs);
        } catch (error) {
          if (end || Date.now() > deadline) throw error;
        }
      }
    },
    end: (timeoutMs = 5_000) =>
      new Promise<SubscriptionEnd>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the subscription did not end within ${timeoutMs} ms`)), timeoutMs);
        void ended.then((how) => {
          clearTimeout(timer);
          resolve(how);
        });
      }),
    close: async () => {
      unsubscribe();
      await client.dispose();
    },
  };
}
