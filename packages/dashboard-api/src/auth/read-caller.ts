import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseCookies } from 'cookie';
import { authCookieName, verifyAuthToken, type AuthUser } from '@lattice/plugin-sdk';
import type { Logger } from 'pino';

/** The core's answer about a session: its user as the database holds it now (role and permissions), or undefined. */
export type CheckSession = (sessionId: string) => Promise<AuthUser | undefined>;

/**
 * The login token of a request: `Authorization: Bearer <token>` (or Cube's bare `Authorization: <token>`, which
 * `@cubejs-client/core` sends), else the gateway's `auth-token` cookie.
 */
export function requestToken(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization?.trim();
  if (authorization) {
    const token = authorization.replace(/^Bearer\s+/i, '');
    // A JWT is three base64url parts; anything else (a client's "undefined") is no token.
    if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return token;
  }
  const cookie = headers.cookie;
  return cookie ? parseCookies(cookie)[authCookieName] : undefined;
}

/**
 * Who is asking: the token verified with `jwt_token_secret`, then its session checked with the core (as every
 * plugin host does), so a logged-out or demoted user is refused within seconds and the permissions are today's.
 */
export async function readCaller(headers: IncomingHttpHeaders, secret: string, checkSession: CheckSession, logger: Logger): Promise<AuthUser | undefined> {
  const token = requestToken(headers);
  if (!token) return undefined;
  const check = await verifyAuthToken(token, secret);
  if (!check.user?.sessionId) {
    logger.debug({ problem: check.user ? 'no session' : check.problem }, 'dashboard API: token refused');
    return undefined;
  }
  const live = await checkSession(check.user.sessionId);
  return live && live._id === check.user._id ? live : undefined;
}
