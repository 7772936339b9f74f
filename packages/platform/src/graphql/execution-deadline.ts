import type { ApolloServerPlugin } from '@apollo/server';
import { defaultFieldResolver, getNullableType, GraphQLError, isListType, isObjectType, type GraphQLSchema } from 'graphql';
import { chargeListItems, type ListItemBudgetContext } from './list-item-budget.js';

/** What the deadline keeps on a request's context: when it passes, whether its message was given, its stop. */
interface DeadlineContext extends ListItemBudgetContext {
  deadlineAt?: number;
  deadlineMs?: number;
  deadlineReported?: boolean;
  deadlineError?: GraphQLError;
}

/**
 * The per-request execution deadline and list-item budget: the request's context carries when the deadline
 * passes (`deadlineAt`), which resolvers hand to the database as the time left (maxTimeMS), and a `signal` that is
 * aborted when the deadline passes or the answer passes `maxListItems` (list-item-budget.ts), which long lists
 * (yieldingList) stop at between chunks. `checkDeadlineBeforeResolvers` fails every field with a resolver of its
 * own that is about to start after either, so a request that would run for minutes ends soon after with what it
 * has (a resolver already waiting finishes its own wait first).
 */
export function executionDeadline<TContext extends object>(deadlineMs: number, maxListItems: number): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart({ contextValue }) {
      const context = contextValue as DeadlineContext;
      const stop = new AbortController();
      Object.assign(context, { deadlineAt: Date.now() + deadlineMs, deadlineMs, signal: stop.signal, stop, listItemsLeft: maxListItems, maxListItems });
      const deadline = setTimeout(() => stop.abort(deadlineError(context)), deadlineMs).unref();
      return {
        async willSendResponse() {
          clearTimeout(deadline);
        },
      };
    },
  };
}

function deadlineError(context: DeadlineContext): GraphQLError {
  // One error carries the message; the fields after it fail with one shared error, so the answer stays small and
  // each failure is cheap. Past the deadline every item of a long list that resolves in chunks (yieldingList)
  // fails on its own, and graphql-js reads the error's stack each time it locates it: a fresh error per field
  // (stack captured and source-mapped under tsx, about 3 ms each) held a 5,000-item list's event loop 7 to 18 s.
  if (context.deadlineError) return context.deadlineError;
  const message = context.deadlineReported ? 'Deadline exceeded' : `The request ran past its ${context.deadlineMs} ms execution deadline: ask for less`;
  const error = new GraphQLError(message, { extensions: { code: 'DEADLINE_EXCEEDED' } });
  if (context.deadlineReported) {
    void error.stack; // formatted once here, not once per field that rethrows it
    context.deadlineError = error;
  }
  context.deadlineReported = true;
  return error;
}

/**
 * A thenable that is not a native promise (an un-awaited mongoose query, as erxes code returns everywhere) becomes
 * one, so its `then` runs exactly once: a mongoose query runs again on each `then` ("Query was already executed"),
 * and every hook after the resolver (Apollo's field instrumentation, tracing) may call `then` on what it returned.
 * A thenable whose `then` returns nothing is resolved by the value it hands on. Promises and plain values pass as they are.
 */
export function settledOnce(result: unknown): unknown {
  if (result instanceof Promise || typeof (result as { then?: unknown } | null | undefined)?.then !== 'function') return result;
  return Promise.resolve(result as PromiseLike<unknown>);
}

/**
 * Wraps the fields that have a resolver of their own (where the work is: reads, loaders, computations) with the
 * deadline check, counts the lists they return against the request's list-item budget, and makes what they
 * return a native promise when it is another thenable (settledOnce). Plain fields read from their parent are left alone: a per-field hook on every one of them
 * (Apollo's willResolveField) cost more than the fields themselves in a long list; such lists yield per chunk
 * (yieldingList) and their reads stop at maxTimeMS.
 */
export function checkDeadlineBeforeResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || resolve === defaultFieldResolver) continue;
      const isList = isListType(getNullableType(field.type));
      field.resolve = (source, args, context: DeadlineContext, info) => {
        if (context?.signal?.aborted) throw context.signal.reason;
        if (context?.deadlineAt !== undefined && Date.now() > context.deadlineAt) throw deadlineError(context);
        const result = settledOnce(resolve(source, args, context, info));
        if (!isList || !context?.stop) return result;
        // A list is counted against the request's budget as it comes back, before its items are resolved.
        return result instanceof Promise ? result.then((list: unknown) => chargeListItems(context, list)) : chargeListItems(context, result);
      };
    }
  }
}
