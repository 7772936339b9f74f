import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new webhook token: 32 random bytes, URL-safe. */
export function generateWebhookToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashWebhookToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares hashes of equal length in constant time, so the comparison tells nothing about the token. */
export function webhookTokenMatches(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashWebhookToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
