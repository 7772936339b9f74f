import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

/**
 * The per-request execution deadline: once `deadlineMs` have passed since the request started, every field
 * that is about to resolve fails with DEADLINE_EXCEEDED instead, so a request that would run for minutes ends
 * soon after its deadline with what it has (a resolver already waiting finishes its own wait first).
 */
export function executionDeadline<TContext extends object>(deadlineMs: number): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const deadline = Date.now() + deadlineMs;
      let reported = false;
      return {
        async executionDidStart() {
          return {
            willResolveField() {
              if (Date.now() <= deadline) return;
              // One error carries the message; the fields after it only fail, so the answer stays small.
              const message = reported ? 'Deadline exceeded' : `The request ran past its ${deadlineMs} ms execution deadline: ask for less`;
              reported = true;
              throw new GraphQLError(message, { extensions: { code: 'DEADLINE_EXCEEDED' } });
            },
          };
        },
      };
    },
  };
}
