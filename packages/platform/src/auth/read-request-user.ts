import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Logger } from 'pino';
import { authCookieName, type AuthUser, verifyAuthToken } from '@lattice/plugin-sdk';

/** A request's login: the verified user of its `auth-token` cookie, and when that token expires. */
export interface RequestSession {
  user: AuthUser;
  expiresAt?: Date;
}

/** The session of a request's headers: from the `auth-token` cookie, verified here in this subgraph. */
export async function readRequestSession(headers: IncomingHttpHeaders, secret: string, logger: Logger): Promise<RequestSession | undefined> {
  const header = headers.cookie;
  if (!header) return undefined;
  const token = parseCookies(header)[authCookieName];
  if (!token) return undefined;
  const check = await verifyAuthToken(token, secret);
  if (!check.user) {
    logger.debug({ problem: check.problem }, 'auth-token cookie refused');
    return undefined;
  }
  return check.expiresAt ? { user: check.user, expiresAt: check.expiresAt } : { user: check.user };
}

/** The user of a request: from the `auth-token` cookie, verified here in this subgraph. */
export async function readRequestUser(req: Request, secret: string, logger: Logger): Promise<AuthUser | undefined> {
  return (await readRequestSession(req.headers, secret, logger))?.user;
}
