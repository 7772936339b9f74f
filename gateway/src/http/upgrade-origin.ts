import type { IncomingMessage } from 'node:http';

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * CSRF rule for websocket upgrades. A browser opens a websocket from any page, with the login cookie and
 * without a CORS preflight, so the HTTP path's rule (JSON POST, or a preflight header on GET) cannot apply.
 * Browsers always send Origin on the handshake: when there is one, it must be the address the client
 * asked for (X-Forwarded-Host behind the front-end server or nginx, else Host). A client without Origin is
 * not a browser, so it has no cookie it did not choose to send.
 */
export function isSameOriginUpgrade(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const asked = firstValue(req.headers['x-forwarded-host']) ?? req.headers.host;
  if (!asked) return false;
  try {
    const originUrl = new URL(origin);
    // Parsed with the origin's scheme, so a default port written out ("host:443") compares equal.
    return new URL(`${originUrl.protocol}//${asked}`).host === originUrl.host;
  } catch {
    // "null" (sandboxed frames, file: pages) and anything unparsable.
    return false;
  }
}
