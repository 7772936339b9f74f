import { GraphQLError, type ExecutionResult } from 'graphql';

// setTimeout fires at once for longer delays (over 24.8 days); a token that lives longer is checked again then.
const longestTimer = 2 ** 31 - 1;

/** The last result of a subscription whose login expired; `complete` follows. */
export function sessionExpiredResult(): ExecutionResult {
  return { errors: [new GraphQLError('Your login has expired: log in again', { extensions: { code: 'UNAUTHENTICATED' } })] };
}

/** The last result of a subscription whose session was ended (logout, role change, deactivation, new password). */
export function sessionRevokedResult(): ExecutionResult {
  return { errors: [new GraphQLError('Your session has ended: log in again', { extensions: { code: 'UNAUTHENTICATED' } })] };
}

/** What ends a subscription's login: its token's expiry, and its session being revoked. */
export interface SubscriptionSession {
  expiresAt?: Date;
  /** Calls `onEnd` once when the session is revoked; returns the function that stops watching. */
  watch?: (onEnd: () => void) => () => void;
}

/**
 * A subscription's results until its login ends: an HTTP request is checked once, but a subscription would
 * otherwise keep delivering for as long as the socket stays open. When the token expires or the session is
 * revoked the source is ended (the plugin's pub/sub listener goes away) and one UNAUTHENTICATED result is the last.
 *
 * An iterator object, not an async generator: a generator waiting for the next event would not see the
 * client's `return()` until that event came, and the source would keep listening meanwhile.
 */
export function endWithSession<T extends ExecutionResult>(source: AsyncIterable<T>, session: SubscriptionSession): AsyncIterableIterator<T | ExecutionResult> {
  const results = source[Symbol.asyncIterator]();
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  let unwatch: (() => void) | undefined;
  const ended = new Promise<'expired' | 'revoked'>((resolve) => {
    const { expiresAt } = session;
    const wait = (): void => {
      if (!expiresAt) return;
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0) resolve('expired');
      else timer = setTimeout(wait, Math.min(left, longestTimer));
    };
    wait();
    unwatch = session.watch?.(() => resolve('revoked'));
  });
  const finish = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    unwatch?.();
    await results.return?.();
  };
  const done = { done: true as const, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (finished) return done;
      const next = await Promise.race([results.next(), ended]);
      if (next === 'expired' || next === 'revoked') {
        await finish();
        return { done: false, value: next === 'expired' ? sessionExpiredResult() : sessionRevokedResult() };
      }
      if (next.done) await finish();
      return next;
    },
    async return() {
      await finish();
      return done;
    },
  };
}

/** A subscription's results until its login token expires (`endWithSession` with the expiry alone). */
export function endAtSessionExpiry<T extends ExecutionResult>(source: AsyncIterable<T>, expiresAt: Date): AsyncIterableIterator<T | ExecutionResult> {
  return endWithSession(source, { expiresAt });
}
