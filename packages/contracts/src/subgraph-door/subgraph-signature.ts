import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The trust boundary between the gateway and the plugin hosts: only the gateway may call a subgraph's
 * `/graphql`. It signs every such request (HTTP and the websocket upgrade of subscriptions) with a key both
 * ends derive from the platform secret (`jwt_token_secret`); a host refuses a request without a valid
 * signature before it reads the body. The signature is an HMAC-SHA256 over the method, the subgraph path,
 * a timestamp and the SHA-256 of the body, so a captured one is good for one body and a minute at most.
 */
export const SUBGRAPH_SIGNATURE_HEADER = 'x-lattice-gateway-signature';
/** How far a signature's time may be from the host's clock. */
export const SUBGRAPH_SIGNATURE_MAX_SKEW_MS = 60_000;
/** The hash a request without a body signs (GET, websocket upgrade). */
export const NO_BODY = '-';

const VERSION = 'v1';

/** The key that signs subgraph requests, derived from the platform secret: never the login-token key itself. */
export function subgraphSigningKey(platformSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', platformSecret, 'lattice', 'lattice subgraph requests v1', 32));
}

export function bodyHash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

function mac(key: Buffer, method: string, time: string, hash: string): Buffer {
  return createHmac('sha256', key).update(`${VERSION}\n${method.toUpperCase()}\n/graphql\n${time}\n${hash}`).digest();
}

/** Signs requests to subgraphs; made once per gateway. */
export interface SubgraphSigner {
  /** The header value for one request: `body` undefined for a GET or a websocket upgrade. */
  sign(method: string, body?: string | Buffer): string;
  /** `{ [SUBGRAPH_SIGNATURE_HEADER]: sign(...) }`, to spread into a request's headers. */
  headers(method: string, body?: string | Buffer): Record<string, string>;
}

export function createSubgraphSigner(key: Buffer, now: () => number = Date.now): SubgraphSigner {
  const sign = (method: string, body?: string | Buffer): string => {
    const time = String(now());
    const hash = body === undefined ? NO_BODY : bodyHash(body);
    return `${VERSION}.${time}.${hash}.${mac(key, method, time, hash).toString('base64url')}`;
  };
  return { sign, headers: (method, body) => ({ [SUBGRAPH_SIGNATURE_HEADER]: sign(method, body) }) };
}

export type SignatureCheck = { ok: true; bodyHash: string } | { ok: false; problem: string };

/**
 * Checks a request's signature header from its method alone, without its body: the body's hash it names is
 * returned, and the caller compares it with the body as it reads it (`bodyHash` of what arrived).
 */
export function verifySubgraphSignature(key: Buffer, header: string | string[] | undefined, method: string, now = Date.now()): SignatureCheck {
  if (typeof header !== 'string' || header.length > 200) return { ok: false, problem: 'no gateway signature' };
  const [version, time, hash, signature, extra] = header.split('.');
  if (version !== VERSION || !time || !hash || !signature || extra !== undefined || !/^\d{1,16}$/.test(time)) {
    return { ok: false, problem: 'malformed gateway signature' };
  }
  if (Math.abs(now - Number(time)) > SUBGRAPH_SIGNATURE_MAX_SKEW_MS) return { ok: false, problem: 'stale gateway signature' };
  const expected = mac(key, method, time, hash);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'invalid gateway signature' };
  return { ok: true, bodyHash: hash };
}
