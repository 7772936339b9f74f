import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret for POST /receive: answered once, when the integration is created; only its hash is kept. */
export function newWebhookToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashWebhookToken(token) };
}

export function hashWebhookToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function webhookTokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(hashWebhookToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
