import type { MessageBroker } from '@lattice/broker';
import {
  maxSessionsPerCheck,
  sessionsCheckQueue,
  sessionsRevokedChannel,
  sessionsRevokedMessageSchema,
  signInUnavailableMessage,
  type SessionsRevokedMessage,
} from '@lattice/contracts';
import { callPluginRPC, LatticeError, type AuthUser } from '@lattice/plugin-sdk';
import DataLoader from 'dataloader';
import type { PubSubEngine } from 'graphql-subscriptions';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';

/** How long a live session's answer is trusted without asking the core again. */
export const sessionCacheMs = 2_000;
/**
 * Up to this age a live session's answer still serves a request at once while the core is asked again beside it,
 * so a request does not wait for the core (over the broker, then its database) every 2 s of a user's session:
 * under load that round trip was most of another user's waiting. Within the 5 s in which a change must reach
 * every host; revocation messages drop answers at once as before.
 */
export const sessionStaleMs = 4_000;
/** How often the sessions of open subscriptions are asked about again, in case a revocation message was lost. */
export const sessionRecheckMs = 3_000;
const checkTimeoutMs = 3_000;
/**
 * How old a live answer may be and still stand while the core cannot answer (stopped, starved, restarting): a core
 * outage must not log anybody out (issue 34). Revocations still drop answers at once while Redis carries them.
 */
export const sessionGraceMs = 10 * 60_000;
/** For this long after the core last failed to answer, a live answer within the grace serves without waiting for it. */
const coreSilentRetryMs = 5_000;
const maxCachedSessions = 10_000;

/** loadMany answers each key with its value or its error: a recheck fails when the core did not answer. */
function throwFirstError(answers: Array<AuthUser | null | Error>): void {
  const failed = answers.find((answer) => answer instanceof Error);
  if (failed) throw failed;
}

interface CachedAnswer {
  /** The session's user as the core holds it now; null: revoked, expired or unknown (which never comes back). */
  user: AuthUser | null;
  checkedAt: number;
}

export interface SessionChecker {
  /** The user of a live session (role as the database holds it now), or undefined; throws when the core cannot answer. */
  check(sessionId: string): Promise<AuthUser | undefined>;
  /** Calls `onEnd` once when the session is found revoked; returns the function that stops watching. */
  watch(sessionId: string, onEnd: () => void): () => void;
  stop(): Promise<void>;
}

export interface SessionCheckerOptions {
  /** The host's broker client: sessions are asked about on the core's `core:sessions.check` queue. */
  broker: MessageBroker;
  /** Where the core says which sessions ended (`lattice.sessions.revoked`): in-process, or Redis across hosts. */
  pubsub: PubSubEngine;
  logger: Logger;
  cacheMs?: number;
  /** Up to this age a live answer is used while a fresh one is asked for (at least `cacheMs`). */
  staleMs?: number;
  recheckMs?: number;
  /** How old a live answer may be and still stand while the core cannot answer (default `sessionGraceMs`, 10 min). */
  graceMs?: number;
}

/**
 * The core could not say whether a session is live (no answer in time) and no recent answer stands in: the
 * request is neither logged in nor logged out. Answered as PLUGIN_UNAVAILABLE (503, retryable), never UNAUTHENTICATED.
 */
export class SessionsUnavailableError extends LatticeError {
  constructor(options?: ErrorOptions) {
    super('PLUGIN_UNAVAILABLE', signInUnavailableMessage, options);
  }
}

/**
 * A plugin host's view of the core's sessions: every request's session is checked with the core over the
 * broker, answers kept `cacheMs`, then used up to `staleMs` while the core is asked again beside the request; the
 * core's revocation messages drop answers at once and end the
 * subscriptions of those sessions; open subscriptions' sessions are asked about again every `recheckMs`.
 * Questions of one turn of the event loop go to the core as one message.
 */
export function createSessionChecker(options: SessionCheckerOptions): SessionChecker {
  const cacheMs = options.cacheMs ?? sessionCacheMs;
  const staleMs = Math.max(cacheMs, options.staleMs ?? sessionStaleMs);
  const recheckMs = options.recheckMs ?? sessionRecheckMs;
  const graceMs = Math.max(staleMs, options.graceMs ?? sessionGraceMs);
  /** When (Date.now()) the core last failed to answer; cleared when it answers. Live answers then serve at once. */
  let coreFailedAt: number | undefined;
  const cache = new LRUCache<string, CachedAnswer>({ max: maxCachedSessions });
  const watchers = new Map<string, Set<() => void>>();
  let stopped = false;
  /** Sessions asked about again beside the requests they serve (one question at a time per session). */
  const refreshing = new Set<string>();

  /** One question to the core for up to `maxSessionsPerCheck` sessions; every answer is remembered. */
  async function askCore(sessionIds: readonly string[]): Promise<Array<AuthUser | null>> {
    const unique = [...new Set(sessionIds)];
    let reply;
    try {
      reply = await callPluginRPC(options.broker, sessionsCheckQueue, 'core', { sessionIds: unique }, { timeoutMs: checkTimeoutMs });
    } catch (error) {
      coreFailedAt = Date.now();
      throw error;
    }
    coreFailedAt = undefined;
    const answers = new Map<string, AuthUser | null>();
    for (const { sessionId, user } of reply.sessions) answers.set(sessionId, user ? { ...user, sessionId } : null);
    for (const sessionId of unique) cache.set(sessionId, { user: answers.get(sessionId) ?? null, checkedAt: Date.now() });
    return sessionIds.map((sessionId) => answers.get(sessionId) ?? null);
  }

  // Questions of one turn of the event loop go to the core as one message. Answers are kept in `cache` with
  // their age (which decides fresh, stale or within the grace), so DataLoader keeps none of its own.
  const questions = new DataLoader<string, AuthUser | null>(askCore, {
    cache: false,
    maxBatchSize: maxSessionsPerCheck,
    batchScheduleFn: (ask) => setImmediate(ask),
  });

  const fresh = (sessionId: string): Promise<AuthUser | null> => questions.load(sessionId);

  function refresh(sessionId: string): void {
    if (refreshing.has(sessionId)) return;
    refreshing.add(sessionId);
    fresh(sessionId)
      .catch((error: unknown) => options.logger.warn({ err: error }, 'could not check a session again; its answer is used until it is too old'))
      .finally(() => refreshing.delete(sessionId));
  }

  function endRevoked(sessionIds: Iterable<string>): void {
    for (const sessionId of sessionIds) {
      const ended = watchers.get(sessionId);
      if (!ended || cache.peek(sessionId)?.user !== null) continue;
      watchers.delete(sessionId);
      ended.forEach((onEnd) => onEnd());
    }
  }

  /** Asks again about the watched sessions among `sessionIds`, and ends the subscriptions of those now revoked. */
  async function recheck(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    try {
      await questions.loadMany(sessionIds).then(throwFirstError);
      endRevoked(sessionIds);
    } catch (error) {
      // The core did not answer: open subscriptions keep running (new requests are refused until it does).
      options.logger.warn({ err: error }, 'could not check the sessions of open subscriptions');
    }
  }

  function onRevoked(message: SessionsRevokedMessage): void {
    const affected = new Set(message.sessionIds ?? []);
    for (const [sessionId, answer] of cache) {
      if (message.userId && answer.user?._id === message.userId) affected.add(sessionId);
    }
    affected.forEach((sessionId) => cache.delete(sessionId));
    // A watched session whose answer was evicted may belong to the user too: ask about every watched one then.
    const watched = message.userId ? [...watchers.keys()] : [...affected].filter((sessionId) => watchers.has(sessionId));
    void recheck(watched);
  }

  const subscription = options.pubsub
    .subscribe(
      sessionsRevokedChannel,
      (payload: unknown) => {
        const message = sessionsRevokedMessageSchema.safeParse(payload);
        if (message.success) onRevoked(message.data);
        else options.logger.warn({ problem: message.error.message }, 'ignored a malformed session revocation message');
      },
      {},
    )
    .catch((error: unknown) => {
      options.logger.error({ err: error }, 'cannot listen for session revocations; sessions are still checked every few seconds');
      return undefined;
    });

  const timer = setInterval(() => void recheck([...watchers.keys()]), recheckMs);
  timer.unref();

  return {
    async check(sessionId) {
      if (stopped) return undefined;
      const cached = cache.get(sessionId);
      const age = cached ? Date.now() - cached.checkedAt : Infinity;
      if (cached && (cached.user === null || age < cacheMs)) return cached.user ?? undefined;
      // While the core is silent (and was asked again lately), a live answer within the grace serves at once instead
      // of making every request wait for the question's time-out first.
      const coreSilent = coreFailedAt !== undefined && Date.now() - coreFailedAt < coreSilentRetryMs;
      if (cached?.user && (age < staleMs || (coreSilent && age < graceMs))) {
        refresh(sessionId);
        return cached.user;
      }
      try {
        return (await fresh(sessionId)) ?? undefined;
      } catch (error) {
        // A revocation message drops the answer at once, so what is still here was live when last asked: a slow or
        // stopped core must not log everyone out. Read again: a revocation may have come in while we waited.
        const last = cache.get(sessionId);
        if (last?.user && Date.now() - last.checkedAt < graceMs) return last.user;
        throw new SessionsUnavailableError({ cause: error });
      }
    },
    watch(sessionId, onEnd) {
      const set = watchers.get(sessionId) ?? new Set();
      set.add(onEnd);
      watchers.set(sessionId, set);
      return () => {
        set.delete(onEnd);
        if (set.size === 0 && watchers.get(sessionId) === set) watchers.delete(sessionId);
      };
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      watchers.clear();
      const id = await subscription;
      if (id !== undefined) options.pubsub.unsubscribe(id);
    },
  };
}
