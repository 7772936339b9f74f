import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: what the visitor's browser keeps, and all it takes to read that visitor's conversation. */
export function generateVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashVisitorToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
