import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import saslprep from '@mongodb-js/saslprep';

/** mongod's default `scramSHA256IterationCount`. */
export const SCRAM_SHA_256_ITERATIONS = 15_000;

/**
 * What the server keeps of a password (RFC 5802 section 3): enough to check a client's proof and to prove
 * itself, not enough to log in. Derived once, when the server starts.
 */
export interface ScramCredential {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

export function hmac(key: Buffer, text: string | Buffer): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

export function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

/** SCRAM-SHA-256 keys of a password, saslprepped first as mongod and the drivers do (RFC 7677). */
export function scramCredential(password: string, iterations = SCRAM_SHA_256_ITERATIONS, salt = randomBytes(28)): ScramCredential {
  const saltedPassword = pbkdf2Sync(saslprep(password), salt, iterations, 32, 'sha256');
  return {
    salt,
    iterations,
    storedKey: sha256(hmac(saltedPassword, 'Client Key')),
    serverKey: hmac(saltedPassword, 'Server Key'),
  };
}
