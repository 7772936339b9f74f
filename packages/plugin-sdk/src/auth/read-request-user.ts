import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { Logger } from 'pino';
import { authCookieName, verifyAuthToken } from './auth-token.js';
import type { AuthUser } from './roles.js';

/** The user of a request: from the `auth-token` cookie, verified here in this subgraph. */
export async function readRequestUser(req: Request, secret: string, logger: Logger): Promise<AuthUser | undefined> {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const token = parseCookies(header)[authCookieName];
  if (!token) return undefined;
  const check = await verifyAuthToken(token, secret);
  if (!check.user) logger.debug({ problem: check.problem }, 'auth-token cookie refused');
  return check.user;
}
