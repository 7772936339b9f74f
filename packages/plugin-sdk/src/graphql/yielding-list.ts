/** Items whose fields are resolved in one go before the host serves anything else. */
export const YIELD_EVERY = 100;
/**
 * Lists up to this long are resolved in one go: a few milliseconds of work. Yielding costs a promise per item
 * (about 9 µs of the subgraph's CPU per document in bench/gateway/per-document.ts), worth it only past this.
 */
export const YIELD_ABOVE = 1_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A long list for a resolver to return so that GraphQL resolves its items in chunks, each in a turn of the event
 * loop of its own: the host answers other requests (and its health checks) between chunks instead of after the
 * whole answer. The first chunk is the items themselves; the items of each later chunk are promises that settle a
 * turn after the chunk before. A list of `above` items or fewer is returned as it is.
 */
export function yieldingList<T>(items: readonly T[], chunk = YIELD_EVERY, above = YIELD_ABOVE): ReadonlyArray<T | Promise<T>> {
  if (items.length <= Math.max(chunk, above)) return items;
  const list: Array<T | Promise<T>> = items.slice(0, chunk);
  let turn = Promise.resolve();
  for (let start = chunk; start < items.length; start += chunk) {
    turn = turn.then(nextTurn);
    const ready = turn;
    for (let index = start; index < Math.min(start + chunk, items.length); index++) {
      const item = items[index] as T;
      list.push(ready.then(() => item));
    }
  }
  return list;
}
