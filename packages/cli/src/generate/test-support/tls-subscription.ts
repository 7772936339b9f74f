import { createClient, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { toLoopback } from '../../test-kit/test-tls.js';

/**
 * One subscription over `wss://` trusting only `ca`, as a browser on the public origin would open it (Origin and
 * cookie on the upgrade). Calls `trigger` every second until the first result arrives, which it returns: the
 * server subscribes asynchronously, so an event sent at once could come before the subscription exists.
 */
export async function firstSubscriptionResult<TData>(
  url: string,
  query: string,
  options: { ca: string; headers: Record<string, string>; trigger: () => Promise<void>; timeoutMs?: number },
): Promise<FormattedExecutionResult<TData, unknown>> {
  class TrustingWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: options.headers, ca: options.ca, lookup: toLoopback });
    }
  }
  const client = createClient({ url, webSocketImpl: TrustingWebSocket, retryAttempts: 0, lazy: false });
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  try {
    const result = new Promise<FormattedExecutionResult<TData, unknown>>((resolve, reject) => {
      client.subscribe<TData>({ query }, { next: resolve, error: reject, complete: () => reject(new Error('completed before any result')) });
      setTimeout(() => reject(new Error(`no result within ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000).unref();
      // A trigger that fails makes the wait fail, unless the result came first (the servers may be gone by then).
      const triggerEverySecond = async (): Promise<void> => {
        if (settled) return;
        try {
          await options.trigger();
        } catch (error) {
          if (!settled) reject(error);
          return;
        }
        if (!settled) timer = setTimeout(() => void triggerEverySecond(), 1_000);
      };
      void triggerEverySecond();
    });
    return await result;
  } finally {
    settled = true;
    clearTimeout(timer);
    await client.dispose();
  }
}
