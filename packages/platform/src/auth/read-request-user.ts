import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Logger } from 'pino';
import { authCookieName, type AuthUser, verifyAuthToken } from '@lattice/plugin-sdk';
import { SessionsUnavailableError, type SessionChecker } from './session-checker.js';

/** A request's login: the user of its live session, and when its token expires. */
export interface RequestSession {
  /** The token's user with the role the core holds now (never the role the token was signed with). */
  user: AuthUser & { sessionId: string };
  expiresAt?: Date;
}

/**
 * Requests whose session the core could not confirm and no recent answer vouches for: requireAuthentication
 * answers them PLUGIN_UNAVAILABLE (retryable) instead of UNAUTHENTICATED, since nobody knows they are logged out.
 */
const unverified = new WeakSet<object>();

export function sessionUnverifiable(req: object | undefined): boolean {
  return req !== undefined && unverified.has(req);
}

/**
 * The session of a request's headers: the `auth-token` cookie verified here in this subgraph, then its
 * session (`sid`) checked with the core, so a logged-out, deactivated, demoted or re-passworded login is
 * refused within seconds. A token without a session is refused. Throws SessionsUnavailableError when the core
 * cannot answer and no answer within the grace stands in.
 */
export async function readRequestSession(
  headers: IncomingHttpHeaders,
  secret: string,
  sessions: SessionChecker,
  logger: Logger,
): Promise<RequestSession | undefined> {
  const header = headers.cookie;
  if (!header) return undefined;
  const token = parseCookies(header)[authCookieName];
  if (!token) return undefined;
  const check = await verifyAuthToken(token, secret);
  if (!check.user) {
    logger.debug({ problem: check.problem }, 'auth-token cookie refused');
    return undefined;
  }
  const { sessionId } = check.user;
  if (!sessionId) {
    logger.debug('auth-token cookie refused: it names no session');
    return undefined;
  }
  let live: AuthUser | undefined;
  try {
    live = await sessions.check(sessionId);
  } catch (error) {
    logger.warn({ err: error }, 'auth-token cookie not verified: the core could not say whether its session is live');
    throw error instanceof SessionsUnavailableError ? error : new SessionsUnavailableError({ cause: error });
  }
  if (!live || live._id !== check.user._id) {
    logger.debug('auth-token cookie refused: its session has ended');
    return undefined;
  }
  const user = { _id: live._id, email: live.email, role: live.role, permissions: live.permissions, sessionId };
  return check.expiresAt ? { user, expiresAt: check.expiresAt } : { user };
}

/** What a plugin host needs to know who made a request; made once per host. */
export interface RequestAuth {
  /** The user of a request (HTTP, or a websocket's upgrade request), or undefined (then marked when it could not be verified). */
  readUser(req: Request): Promise<AuthUser | undefined>;
  /** The login of a websocket's upgrade request: its subscriptions end when the token expires or the session is revoked. */
  subscriptionSession(headers: IncomingHttpHeaders): Promise<{ expiresAt?: Date; watch: (onEnd: () => void) => () => void } | undefined>;
  /** Stops listening for revocations (when the host stops). */
  stop(): Promise<void>;
}

/** Made once per plugin host, over that host's session checker. */
export function createRequestAuth(secret: string, sessions: SessionChecker, logger: Logger): RequestAuth {
  return {
    readUser: async (req) => {
      try {
        return (await readRequestSession(req.headers, secret, sessions, logger))?.user;
      } catch (error) {
        if (!(error instanceof SessionsUnavailableError)) throw error;
        // Public fields still answer as to a visitor; the rest are refused as temporarily unavailable.
        unverified.add(req);
        return undefined;
      }
    },
    subscriptionSession: async (headers) => {
      const session = await readRequestSession(headers, secret, sessions, logger);
      if (!session) return undefined;
      const watch = (onEnd: () => void) => sessions.watch(session.user.sessionId, onEnd);
      return session.expiresAt ? { expiresAt: session.expiresAt, watch } : { watch };
    },
    stop: () => sessions.stop(),
  };
}
