import type { ApolloClient, DefaultContext } from '@apollo/client';

/** What the refetch needs of a query: any ObservableQuery (useQuery's `observable`), whatever its types. */
export interface RefetchableQuery {
  readonly options: { fetchPolicy?: string; context?: DefaultContext };
  hasObservers(): boolean;
  refetch(): Promise<unknown>;
  getCurrentResult(): { loading: boolean };
  subscribe(next: (result: { loading: boolean }) => void): { unsubscribe(): void };
}

/** What to ask for again: every active query, or these queries (those still watched when the refetch runs). */
export type RefetchTarget = 'active' | readonly RefetchableQuery[];

/**
 * The context of a refetch after an event. Apollo's deduplication would let it join an identical request
 * already in flight, which may have been answered before the change; `cache-control: no-cache` asks the
 * gateway for the same (its in-flight deduplication joins only a call started after the request arrived).
 */
function freshContext(context: DefaultContext | undefined): DefaultContext {
  const headers = (context?.['headers'] ?? {}) as Record<string, string>;
  return { ...context, queryDeduplication: false, headers: { ...headers, 'cache-control': 'no-cache' } };
}

function sendFresh(query: RefetchableQuery): Promise<unknown> {
  // refetch() takes no context: it copies the query's options as it starts (synchronously), so the fresh
  // context is the query's own for that call only, and the page's later requests are as before.
  const { options } = query;
  const own = options.context;
  options.context = freshContext(own);
  try {
    return query.refetch();
  } finally {
    options.context = own;
  }
}

/** Once no request of `query` is on its way. */
async function idle(query: RefetchableQuery): Promise<void> {
  let subscription: { unsubscribe(): void } | undefined;
  await new Promise<void>((resolve) => {
    subscription = query.subscribe((result) => {
      if (!result.loading) resolve();
    });
  });
  subscription?.unsubscribe();
}

async function refetchFresh(query: RefetchableQuery): Promise<void> {
  await sendFresh(query);
  // A request of this query sent before ours may still be on its way (the page's first load when the
  // socket connects): Apollo writes whichever answer comes last, so once it is in, ask once more.
  if (query.hasObservers() && query.getCurrentResult().loading) {
    await idle(query);
    if (query.hasObservers()) await sendFresh(query);
  }
}

/** As refetchQueries' 'active': watched, and allowed to reach the network. */
function isWatched(query: RefetchableQuery): boolean {
  const { fetchPolicy } = query.options;
  return query.hasObservers() && fetchPolicy !== 'cache-only' && fetchPolicy !== 'standby';
}

/** How long one refetch holds the ones asked for after it: a request that never answers must not end live updates. */
export const refetchPatienceMs = 15_000;

/** Once every answer is in, or after `ms`, whichever comes first. */
function settledOrAfter(answers: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([Promise.allSettled(answers).then(() => undefined), late]).finally(() => clearTimeout(timer));
}

function merge(waiting: RefetchTarget, target: RefetchTarget): RefetchTarget {
  if (waiting === 'active' || target === 'active') return 'active';
  return [...new Set([...waiting, ...target])];
}

function coalescer(client: ApolloClient) {
  let running = false;
  let next: { target: RefetchTarget; done: Promise<void>; resolve: () => void } | undefined;

  const run = async (target: RefetchTarget): Promise<void> => {
    running = true;
    try {
      const answers =
        target === 'active'
          ? client.refetchQueries({ include: 'active', onQueryUpdated: refetchFresh }).results
          : target.filter(isWatched).map(refetchFresh);
      // A failed refetch shows on its own query (useQuery's error); the next event tries again.
      await settledOrAfter(answers, refetchPatienceMs);
    } finally {
      running = false;
      const waiting = next;
      next = undefined;
      if (waiting) void run(waiting.target).then(waiting.resolve);
    }
  };

  return (target: RefetchTarget): Promise<void> => {
    if (!running) return run(target);
    if (next) {
      next.target = merge(next.target, target);
      return next.done;
    }
    let resolve = (): void => {};
    const done = new Promise<void>((settle) => {
      resolve = settle;
    });
    next = { target, done, resolve };
    return done;
  };
}

const coalescers = new WeakMap<ApolloClient, (target: RefetchTarget) => Promise<void>>();

/**
 * Asks for `target` again after a change event (a subscription's `onData`, a socket that connected): each
 * query is a network request of its own, sent with `cache-control: no-cache`, so the answer is read after the
 * event, never shared with an identical request already on its way (and asked once more if an older request
 * of the query answers after it, which Apollo would show instead). Requests while a refetch runs wait for
 * it and are then made as one (the union of their targets): an event is never dropped and a burst of them
 * costs two refetches, not one each. Resolves once the refetch that covers this request has been answered, or
 * after `refetchPatienceMs` if it is not, so that the refetches after it still run.
 */
export function refetchAfterEvent(client: ApolloClient, target: RefetchTarget = 'active'): Promise<void> {
  let refetch = coalescers.get(client);
  if (!refetch) {
    refetch = coalescer(client);
    coalescers.set(client, refetch);
  }
  return refetch(target);
}
