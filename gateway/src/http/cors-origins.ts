import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import cors from 'cors';

/**
 * Lets browsers on the given origins (configs.json `client_portal_domains`) call the gateway with their
 * cookies: a preflight from one of them is answered here, and every answer to one of them names it in
 * `Access-Control-Allow-Origin` with credentials allowed (startGateway has checked each with checkOrigin). Any other origin gets no CORS header, so its
 * browser refuses to read the answer. Without origins the listener is returned unchanged.
 */
export function withCorsOrigins(listener: RequestListener, origins: readonly string[]): RequestListener {
  if (origins.length === 0) return listener;
  const allowCors = cors({ origin: [...origins], credentials: true, methods: ['GET', 'POST'], maxAge: 600 });
  return (req: IncomingMessage, res: ServerResponse) => {
    // A preflight is answered by cors itself (204), and the listener is not called.
    allowCors(req, res, () => listener(req, res));
  };
}

/** An origin as browsers send it: http(s), host, optional port, nothing else (no path, no trailing slash). */
export function checkOrigin(origin: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(origin);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== origin) {
    throw new Error(`Gateway: CORS origin "${origin}" must be an origin such as https://portal.example.com (scheme, host and optional port; no path or trailing slash)`);
  }
}
