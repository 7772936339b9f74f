import { GraphQLError, type ExecutionResult } from 'graphql';

// setTimeout fires at once for longer delays (over 24.8 days); a token that lives longer is checked again then.
const longestTimer = 2 ** 31 - 1;

/** The last result of a subscription whose login expired; `complete` follows. */
export function sessionExpiredResult(): ExecutionResult {
  return { errors: [new GraphQLError('Your login has expired: log in again', { extensions: { code: 'UNAUTHENTICATED' } })] };
}

/**
 * A subscription's results until its login token expires: an HTTP request is checked once, but a
 * subscription would otherwise keep delivering for as long as the socket stays open. At expiry the source
 * is ended (the plugin's pub/sub listener goes away) and one UNAUTHENTICATED result is the last.
 *
 * An iterator object, not an async generator: a generator waiting for the next event would not see the
 * client's `return()` until that event came, and the source would keep listening meanwhile.
 */
export function endAtSessionExpiry<T extends ExecutionResult>(source: AsyncIterable<T>, expiresAt: Date): AsyncIterableIterator<T | ExecutionResult> {
  const results = source[Symbol.asyncIterator]();
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    const wait = (): void => {
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0) resolve('expired');
      else timer = setTimeout(wait, Math.min(left, longestTimer));
    };
    wait();
  });
  const finish = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    await results.return?.();
  };
  const done = { done: true as const, value: undefined };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (finished) return done;
      const next = await Promise.race([results.next(), expired]);
      if (next === 'expired') {
        await finish();
        return { done: false, value: sessionExpiredResult() };
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
