/** Items whose fields are resolved in one go before the host serves anything else. */
export const YIELD_EVERY = 100;
/**
 * Lists up to this long are resolved in one go: a few milliseconds of work. Yielding costs a promise per item
 * (about 9 µs of the subgraph's CPU per document in bench/gateway/per-document.ts), worth it only past this.
 */
export const YIELD_ABOVE = 1_000;

export interface YieldingListOptions {
  /** The request's `signal` (its context's): once aborted, the chunks not yet resolved fail with its reason. */
  signal?: AbortSignal;
  /** Items per turn of the event loop. */
  chunk?: number;
  /** Lists this long or shorter are returned as they are. */
  above?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A long list for a resolver to return so that GraphQL resolves its items in chunks, each in a turn of the event
 * loop of its own: the host answers other requests (and its health checks) between chunks instead of after the
 * whole answer. The first chunk is the items themselves; the items of each later chunk are promises that settle a
 * turn after the chunk before. Once the request is stopped (its signal aborted: the deadline, the list-item
 * budget) no more turns are waited for and no more items are resolved: the first item left fails with the
 * signal's reason and the others are null, so the answer carries one error, not one per item. A list of `above`
 * items or fewer is returned as it is.
 */
export function yieldingList<T>(items: readonly T[], { signal, chunk = YIELD_EVERY, above = YIELD_ABOVE }: YieldingListOptions = {}): ReadonlyArray<T | Promise<T>> {
  if (items.length <= Math.max(chunk, above)) return items;
  const list: Array<T | Promise<T>> = items.slice(0, chunk);
  let stopReported = false;
  const itemLeft = (): T => {
    if (stopReported) return null as T;
    stopReported = true;
    throw signal?.reason;
  };
  const afterTurn = (stopped: boolean): boolean | Promise<boolean> => stopped || nextTurn().then(() => signal?.aborted === true);
  let stopped: Promise<boolean> = Promise.resolve(false);
  for (let start = chunk; start < items.length; start += chunk) {
    stopped = stopped.then(afterTurn);
    const ready = stopped;
    // Only a chunk's first item can fail: the first item of the first chunk left once the request stopped.
    const first = ready.then((isStopped) => (isStopped ? itemLeft() : (items[start] as T)));
    // graphql-js stops reading a list at the first item that fails at once under a non-null item type, so it may
    // never look at the items after it: their failure must not be an unhandled rejection (which ends the process).
    first.catch(ignore);
    list.push(first);
    for (let index = start + 1; index < Math.min(start + chunk, items.length); index++) {
      const item = items[index] as T;
      list.push(ready.then((isStopped) => (isStopped ? (null as T) : item)));
    }
  }
  return list;
}

function ignore(): void {}
