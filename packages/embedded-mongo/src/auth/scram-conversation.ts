import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hmac, sha256, type ScramCredential } from './scram-credential.js';

/** A SCRAM message (`k=v,k=v`) as its attributes; values keep any `=` they hold. */
function attributes(message: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of message.split(',')) {
    const equals = part.indexOf('=');
    if (equals > 0) found.set(part.slice(0, equals), part.slice(equals + 1));
  }
  return found;
}

/** RFC 5802 5.1: `=2C` and `=3D` stand for `,` and `=` in a user name. */
function unescapeUsername(name: string): string {
  return name.replace(/=2C|=3D/g, (escaped) => (escaped === '=2C' ? ',' : '='));
}

export class ScramError extends Error {}

/** The client's first message: the user it names and the nonce it chose. */
export interface ClientFirst {
  username: string;
  clientNonce: string;
  /** `n=…,r=…`: the part that enters the AuthMessage. */
  bare: string;
}

export function parseClientFirst(message: string): ClientFirst {
  // GS2 header: `n,,` (no channel binding) or `y,,` (client supports it, thinks the server does not).
  const header = /^([ny]),(?:a=[^,]*)?,/.exec(message);
  if (!header) throw new ScramError('channel binding is not supported; the client-first message must start with "n,," or "y,,"');
  const bare = message.slice(header[0].length);
  const fields = attributes(bare);
  const username = fields.get('n');
  const clientNonce = fields.get('r');
  if (!username || !clientNonce || !bare.startsWith('n=')) throw new ScramError('the client-first message lacks its user name or nonce');
  return { username: unescapeUsername(username), clientNonce, bare };
}

/**
 * The server's side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677) for a known user: the first reply
 * (nonce, salt, iterations), then the check of the client's proof and the server's own signature.
 */
export class ScramConversation {
  readonly serverFirst: string;
  private readonly nonce: string;

  constructor(
    private readonly clientFirst: ClientFirst,
    private readonly credential: ScramCredential,
  ) {
    this.nonce = `${clientFirst.clientNonce}${randomBytes(24).toString('base64')}`;
    this.serverFirst = `r=${this.nonce},s=${credential.salt.toString('base64')},i=${credential.iterations}`;
  }

  /** Checks the client-final message; answers the server-final message (`v=<signature>`), or throws when the proof is wrong. */
  finish(clientFinal: string): string {
    const proofAt = clientFinal.lastIndexOf(',p=');
    if (proofAt < 0) throw new ScramError('the client-final message carries no proof');
    const withoutProof = clientFinal.slice(0, proofAt);
    const fields = attributes(withoutProof);
    if (fields.get('r') !== this.nonce) throw new ScramError('the client-final message carries another nonce');
    if (fields.get('c') !== 'biws' && fields.get('c') !== 'eSws') throw new ScramError('unexpected channel binding');
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64');
    const authMessage = `${this.clientFirst.bare},${this.serverFirst},${withoutProof}`;
    const clientSignature = hmac(this.credential.storedKey, authMessage);
    if (proof.length !== clientSignature.length) throw new ScramError('the proof has the wrong length');
    const clientKey = Buffer.alloc(proof.length);
    for (let i = 0; i < proof.length; i += 1) clientKey[i] = proof[i]! ^ clientSignature[i]!;
    if (!timingSafeEqual(sha256(clientKey), this.credential.storedKey)) throw new ScramError('wrong proof');
    return `v=${hmac(this.credential.serverKey, authMessage).toString('base64')}`;
  }
}
