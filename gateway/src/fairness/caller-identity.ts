import type { IncomingMessage } from 'node:http';

const AUTH_COOKIE = /(?:^|;\s*)auth-token=([^;]+)/;

/** The subject (`sub`, the user's id) of a JWT, read without checking its signature; undefined if none. */
function tokenSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * Who a request counts as for fair turns: the user its login token names (every session of one user is one
 * caller), else the client's address (the one the reverse proxy on loopback reports). The token is not verified
 * here, as it only decides whose turn a request takes: a forged one buys a turn in which the plugin host refuses
 * it at once, and the hosts verify every token before running anything.
 */
export function callerIdentity(req: IncomingMessage): string {
  const cookie = req.headers.cookie;
  const fromCookie = cookie ? AUTH_COOKIE.exec(cookie)?.[1] : undefined;
  const authorization = req.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
  const subject = tokenSubject(fromCookie ?? bearer ?? '');
  if (subject) return `user:${subject}`;
  const remote = req.socket.remoteAddress;
  const forwarded = req.headers['x-forwarded-for'];
  const client = isLoopback(remote) && typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim() : undefined;
  return `address:${client || remote || 'unknown'}`;
}
