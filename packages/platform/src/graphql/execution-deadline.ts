import type { ApolloServerPlugin } from '@apollo/server';
import { defaultFieldResolver, GraphQLError, isObjectType, type GraphQLSchema } from 'graphql';

/** What the deadline keeps on a request's context: when it passes, and whether its message was given. */
interface DeadlineContext {
  deadlineAt?: number;
  deadlineMs?: number;
  deadlineReported?: boolean;
}

/**
 * The per-request execution deadline: the request's context carries when it passes (`deadlineAt`), which
 * resolvers hand to the database as the time left (maxTimeMS), and `checkDeadlineBeforeResolvers` fails every
 * field with a resolver of its own that is about to start after it with DEADLINE_EXCEEDED, so a request that
 * would run for minutes ends soon after its deadline with what it has (a resolver already waiting finishes its own
 * wait first).
 */
export function executionDeadline<TContext extends object>(deadlineMs: number): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart({ contextValue }) {
      Object.assign(contextValue as DeadlineContext, { deadlineAt: Date.now() + deadlineMs, deadlineMs });
    },
  };
}

function deadlineError(context: DeadlineContext): GraphQLError {
  // One error carries the message; the fields after it only fail, so the answer stays small.
  const message = context.deadlineReported ? 'Deadline exceeded' : `The request ran past its ${context.deadlineMs} ms execution deadline: ask for less`;
  context.deadlineReported = true;
  return new GraphQLError(message, { extensions: { code: 'DEADLINE_EXCEEDED' } });
}

/**
 * Wraps the fields that have a resolver of their own (where the work is: reads, loaders, computations) with the
 * deadline check. Plain fields read from their parent are left alone: a per-field hook on every one of them
 * (Apollo's willResolveField) cost more than the fields themselves in a long list; such lists yield per chunk
 * (yieldingList) and their reads stop at maxTimeMS.
 */
export function checkDeadlineBeforeResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || resolve === defaultFieldResolver) continue;
      field.resolve = (source, args, context: DeadlineContext, info) => {
        if (context?.deadlineAt !== undefined && Date.now() > context.deadlineAt) throw deadlineError(context);
        return resolve(source, args, context, info);
      };
    }
  }
}
