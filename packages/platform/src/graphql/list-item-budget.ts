import { GraphQLError } from 'graphql';

/** What the list-item budget keeps on a request's context (set up by executionDeadline). */
export interface ListItemBudgetContext {
  /** Aborted, with the error to answer as its reason, when the request must stop doing work. */
  signal?: AbortSignal;
  stop?: AbortController;
  listItemsLeft?: number;
  maxListItems?: number;
}

/**
 * Counts a list a resolver returned against the request's budget and hands it on; the list that passes the
 * budget stops the request (its signal is aborted with RESPONSE_TOO_LARGE) and fails. The real cost is checked
 * before execution with list bounds up to a second old: this holds the answer to its bound as it is built,
 * so a query let in on a stale count stops when its lists come back instead of resolving every item of them.
 */
export function chargeListItems(context: ListItemBudgetContext, list: unknown): unknown {
  if (!Array.isArray(list) || context.listItemsLeft === undefined || !context.stop) return list;
  if (context.stop.signal.aborted) throw context.stop.signal.reason;
  context.listItemsLeft -= list.length;
  if (context.listItemsLeft >= 0) return list;
  const error = new GraphQLError(`The answer passed ${context.maxListItems} list items, the most one request may hold: page the lists (perPage), or ask for fewer`, {
    extensions: { code: 'RESPONSE_TOO_LARGE' },
  });
  void error.stack; // formatted once here, not once per field that rethrows it
  context.stop.abort(error);
  // The refused list's items are not resolved: those that wait for a turn (yieldingList) fail unobserved.
  for (const item of list) if (item instanceof Promise) item.catch(() => undefined);
  throw error;
}
