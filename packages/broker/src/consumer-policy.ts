import { silentLogger, type BrokerLogger } from './logger.js';

/** How consumers run handlers; the same options and defaults for both implementations. */
export interface ConsumerPolicyOptions {
  /** Messages a consumer may be handling at once (AMQP basic.qos per consumer). Default 64. */
  prefetch?: number;
  /** Deliveries of a plain message before it goes to `<queue>:dead`. Default 5. */
  maxAttempts?: number;
  /** A failed plain message is retried after `retryDelayMs * attempt` ms. Default 100. */
  retryDelayMs?: number;
  /** How long `close()` waits for handlers still running. Default 5000. */
  closeTimeoutMs?: number;
  logger?: BrokerLogger;
}

export interface ConsumerPolicy {
  prefetch: number;
  maxAttempts: number;
  retryDelayMs: number;
  closeTimeoutMs: number;
  logger: BrokerLogger;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return value;
}

export function resolveConsumerPolicy(options: ConsumerPolicyOptions): ConsumerPolicy {
  return {
    prefetch: positiveInteger('prefetch', options.prefetch, 64),
    maxAttempts: positiveInteger('maxAttempts', options.maxAttempts, 5),
    retryDelayMs: nonNegative('retryDelayMs', options.retryDelayMs, 100),
    closeTimeoutMs: nonNegative('closeTimeoutMs', options.closeTimeoutMs, 5000),
    logger: options.logger ?? silentLogger(),
  };
}

export function rpcTimeout(timeoutMs: number | undefined, fallback: number): number {
  if (timeoutMs === undefined) return fallback;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
  return timeoutMs;
}

/** Resolves after every promise settles or `ms` passes, whichever is first. */
export async function settleWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([...promises]), deadline]);
  clearTimeout(timer);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
