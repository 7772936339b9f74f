import { randomBytes } from 'node:crypto';
import type { MessageBroker } from '@lattice/broker';
import { sessionsCheckQueue, sessionsRevokedChannel } from '@lattice/contracts';
import { signAuthToken, type AuthUser } from '@lattice/plugin-sdk';
import type { PubSubEngine } from 'graphql-subscriptions';

export type TestSessionUser = Omit<AuthUser, 'sessionId' | 'permissions'> & { permissions?: readonly string[] };

export interface TestSessions {
  /**
   * A login token for `user` with a live session, as the core's login would sign it; the session check answers
   * `user.permissions` (none when not given) as the user's effective permissions.
   */
  sign(user: TestSessionUser, lifetimeSeconds?: number): Promise<{ token: string; sessionId: string }>;
  /** Ends a session, as logout does: hosts refuse it from now on (at once when `pubsub` was given). */
  revoke(sessionId: string): Promise<void>;
}

/**
 * Stands in for the core's sessions when a test runs a plugin host alone (`startPlugin`, no platform):
 * answers `core:sessions.check` on the broker for the sessions it signed. `startTestPlatform` runs the real core.
 */
export async function answerSessionChecks(broker: MessageBroker, secret: string, pubsub?: PubSubEngine): Promise<TestSessions> {
  const live = new Map<string, Omit<AuthUser, 'sessionId'> & { permissions: string[] }>();
  await broker.consumeRPCQueue(sessionsCheckQueue.name, (data) => {
    const { sessionIds } = sessionsCheckQueue.payload.parse(data);
    return { sessions: sessionIds.map((sessionId) => ({ sessionId, user: live.get(sessionId) ?? null })) };
  });
  return {
    async sign(user, lifetimeSeconds) {
      const sessionId = randomBytes(18).toString('base64url');
      live.set(sessionId, { _id: user._id, email: user.email, role: user.role, permissions: [...(user.permissions ?? [])] });
      return { token: await signAuthToken({ ...user, sessionId }, secret, lifetimeSeconds), sessionId };
    },
    async revoke(sessionId) {
      live.delete(sessionId);
      await pubsub?.publish(sessionsRevokedChannel, { sessionIds: [sessionId] });
    },
  };
}
