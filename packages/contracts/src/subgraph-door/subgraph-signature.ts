import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The trust boundary between the gateway and the plugin hosts: only the gateway may call a subgraph's
 * `/graphql`. It signs every such request (HTTP and the websocket upgrade of subscriptions) with a key both
 * ends derive from the platform secret (`jwt_token_secret`); a host refuses a request without a valid
 * signature before it reads the body. The signature is an HMAC-SHA256 over the whole request: the plugin it is
 * meant for, the method (`WEBSOCKET` for an upgrade, so an upgrade's signature is good for nothing else), the
 * path with its query string, a timestamp, a random nonce and the SHA-256 of the body. A host accepts each
 * nonce once within the time a signature is valid, so a captured request cannot be sent again.
 */
export const SUBGRAPH_SIGNATURE_HEADER = 'x-lattice-gateway-signature';
/** How far a signature's time may be from the host's clock. */
export const SUBGRAPH_SIGNATURE_MAX_SKEW_MS = 60_000;
/** The hash a request without a body signs (GET, websocket upgrade). */
export const NO_BODY = '-';
/** The method a websocket upgrade is signed and checked as: an upgrade's signature is no GET's. */
export const WEBSOCKET_UPGRADE = 'WEBSOCKET';

const VERSION = 'v2';

/** The key that signs subgraph requests, derived from the platform secret: never the login-token key itself. */
export function subgraphSigningKey(platformSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', platformSecret, 'lattice', 'lattice subgraph requests v1', 32));
}

export function bodyHash(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

/** What a signature covers, besides its time, nonce and body. */
export interface SignedRequest {
  /** The plugin the request is for: a request signed for one plugin's host is refused by another's. */
  audience: string;
  /** GET, POST, or WEBSOCKET_UPGRADE. */
  method: string;
  /** The path and query string as sent (`/graphql`, `/graphql?query=…`). */
  target: string;
}

function mac(key: Buffer, request: SignedRequest, time: string, nonce: string, hash: string): Buffer {
  const { audience, method, target } = request;
  return createHmac('sha256', key).update([VERSION, audience, method.toUpperCase(), target, time, nonce, hash].join('\n')).digest();
}

/** Signs requests to subgraphs; made once per gateway. */
export interface SubgraphSigner {
  /** The header value for one request: `body` undefined for a GET or a websocket upgrade. */
  sign(request: SignedRequest, body?: string | Buffer): string;
  /** `{ [SUBGRAPH_SIGNATURE_HEADER]: sign(...) }`, to spread into a request's headers. */
  headers(request: SignedRequest, body?: string | Buffer): Record<string, string>;
}

export function createSubgraphSigner(key: Buffer, now: () => number = Date.now): SubgraphSigner {
  const sign = (request: SignedRequest, body?: string | Buffer): string => {
    const time = String(now());
    const nonce = randomBytes(16).toString('base64url');
    const hash = body === undefined ? NO_BODY : bodyHash(body);
    return `${VERSION}.${time}.${nonce}.${hash}.${mac(key, request, time, nonce, hash).toString('base64url')}`;
  };
  return { sign, headers: (request, body) => ({ [SUBGRAPH_SIGNATURE_HEADER]: sign(request, body) }) };
}

/**
 * The nonces a host has accepted, each kept until its signature's time is past the skew: a signed request is
 * accepted once. One store per process, shared by its hosts; a request is checked by the one host it was sent to.
 */
export class NonceStore {
  private readonly expiries = new Map<string, number>();

  /** True the first time a nonce is seen within its validity; false for a replay. */
  accept(nonce: string, signedAt: number, now = Date.now()): boolean {
    // Insertion order is close to expiry order: dropping from the front until one is live frees almost all of them.
    for (const [seen, expiresAt] of this.expiries) {
      if (expiresAt > now) break;
      this.expiries.delete(seen);
    }
    if (this.expiries.has(nonce)) return false;
    this.expiries.set(nonce, signedAt + SUBGRAPH_SIGNATURE_MAX_SKEW_MS);
    return true;
  }

  get size(): number {
    return this.expiries.size;
  }
}

export type SignatureCheck = { ok: true; bodyHash: string } | { ok: false; problem: string };

/**
 * Checks a request's signature header without its body: the body's hash it names is returned, and the caller
 * compares it with the body as it reads it (`bodyHash` of what arrived). A valid signature's nonce is then
 * taken from `nonces`, so the same signed request is refused the second time.
 */
export function verifySubgraphSignature(
  key: Buffer,
  header: string | string[] | undefined,
  request: SignedRequest,
  nonces: NonceStore,
  now = Date.now(),
): SignatureCheck {
  if (typeof header !== 'string' || header.length > 300) return { ok: false, problem: 'no gateway signature' };
  const [version, time, nonce, hash, signature, extra] = header.split('.');
  if (version !== VERSION || !time || !nonce || !hash || !signature || extra !== undefined || !/^\d{1,16}$/.test(time)) {
    return { ok: false, problem: 'malformed gateway signature' };
  }
  if (Math.abs(now - Number(time)) > SUBGRAPH_SIGNATURE_MAX_SKEW_MS) return { ok: false, problem: 'stale gateway signature' };
  const expected = mac(key, request, time, nonce, hash);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, problem: 'invalid gateway signature' };
  if (!nonces.accept(nonce, Number(time), now)) return { ok: false, problem: 'replayed gateway signature' };
  return { ok: true, bodyHash: hash };
}
