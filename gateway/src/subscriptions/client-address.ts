import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** Loopback, private (RFC 1918, fc00::/7) and link-local addresses: where a reverse proxy in front of us sits. */
function isInternal(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) {
    const [a = 0, b = 0] = plain.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  const lower = plain.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

/**
 * Who a connection is from, for per-client limits: its remote address, or, when that is a proxy on loopback or a
 * private network (nginx, the front-end server), the last outside address that proxy chain appended to
 * `X-Forwarded-For` (the entries further left are the client's own word and are not believed).
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (!isInternal(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((entry) => entry.trim()).filter(Boolean);
  for (let index = chain.length - 1; index >= 0; index--) {
    const entry = chain[index]!;
    if (isIP(entry) && !isInternal(entry)) return entry;
  }
  return peer;
}
