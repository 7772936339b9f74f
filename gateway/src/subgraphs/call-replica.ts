import type { Logger } from 'pino';
import type { Replica } from './replica.js';
import type { SubgraphState } from './subgraph-registry.js';
import { NoAnswerError, SubgraphTimeoutError, transportFailure } from './transport-failure.js';

/**
 * When a request that got no answer may go to another replica: 'refused-or-reset' for what is safe to run
 * twice (queries, bodiless GETs), 'refused' for what must run at most once (mutations), 'never' for what
 * cannot be sent twice (a streamed body already read).
 */
export type RetryPolicy = 'refused-or-reset' | 'refused' | 'never';

export interface ReplicaCall {
  plugin: SubgraphState;
  retry: RetryPolicy;
  logger: Logger;
  reqId: string | undefined;
  /** Who asks (callerIdentity): the call then waits for a fair turn at the plugin (FairTurns); none for the gateway's own calls. */
  caller?: string;
}

/**
 * Runs `send` on a replica that is up, spreading calls across them (waiting a little when none is: see
 * SubgraphState.waitForReplica). `send` throws NoAnswerError when the host failed before answering anything; a
 * replica that refused the connection is taken out at once, and the call goes once to another replica when
 * `retry` allows. Undefined when no replica answered; SubgraphTimeoutError when one took the request and did not
 * answer in time.
 */
export function callReplica<T>(call: ReplicaCall, send: (replica: Replica) => Promise<T>): Promise<T | undefined> {
  if (call.caller === undefined) return callAnyReplica(call, send);
  return call.plugin.turns.run(call.caller, () => callAnyReplica(call, send));
}

async function callAnyReplica<T>(call: ReplicaCall, send: (replica: Replica) => Promise<T>): Promise<T | undefined> {
  let failed: Replica | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    // With none up (the last one went away), wait a little for the next rather than failing at once.
    const replica = call.plugin.pick(failed) ?? ((await call.plugin.waitForReplica()) ? call.plugin.pick(failed) : undefined);
    if (!replica) return undefined;
    replica.inFlight += 1;
    try {
      const answer = await send(replica);
      replica.lastAnsweredAt = performance.now();
      return answer;
    } catch (error) {
      if (!(error instanceof NoAnswerError)) throw error;
      const failure = transportFailure(error.cause);
      const where = { reqId: call.reqId, plugin: replica.plugin, replica: replica.url, failure };
      if (failure === 'refused' && replica.status === 'up') {
        replica.status = 'down';
        call.logger.warn(where, 'replica refused a connection; taken out');
      } else {
        call.logger.warn({ ...where, err: error.cause }, 'replica did not answer');
      }
      if (failure === 'timeout') throw new SubgraphTimeoutError(replica.plugin, replica.graphqlTimeoutMs, call.retry !== 'refused-or-reset');
      const again = failure === 'refused' ? call.retry !== 'never' : failure === 'reset' && call.retry === 'refused-or-reset';
      if (!again) return undefined;
      failed = replica;
    } finally {
      replica.inFlight -= 1;
    }
  }
  return undefined;
}
