import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ConfigError } from '../config/config-error.js';

const minimumSecretLength = 32;

function isPlaceholder(secret: string): boolean {
  return secret.trim() === '' || /^<.*>$/.test(secret.trim());
}

/**
 * `jwt_token_secret` (or JWT_TOKEN_SECRET) signs every login token. In production an empty, placeholder or
 * short secret stops start-up; in development a placeholder is replaced by a random secret kept in the
 * data directory, so logins survive restarts and no published placeholder ever signs a token.
 */
export async function resolveAuthSecret(options: {
  configFile: string;
  configured: string;
  dataDir: string;
  production: boolean;
  logger: Logger;
}): Promise<string> {
  const fromEnv = process.env.JWT_TOKEN_SECRET;
  const secret = fromEnv ?? options.configured;
  const source = fromEnv === undefined ? options.configFile : 'JWT_TOKEN_SECRET';
  const key = fromEnv === undefined ? 'jwt_token_secret' : '';
  if (!isPlaceholder(secret)) {
    if (secret.length >= minimumSecretLength) return secret;
    if (options.production) {
      throw new ConfigError(source, key, `is shorter than ${minimumSecretLength} characters: use a long random secret (e.g. \`openssl rand -base64 48\`)`);
    }
    options.logger.warn(`the login token secret from ${source} is short; use at least ${minimumSecretLength} random characters in production`);
    return secret;
  }
  if (options.production) {
    throw new ConfigError(source, key, 'is empty or a placeholder: production needs a real secret to sign login tokens (e.g. `openssl rand -base64 48`)');
  }
  const file = join(options.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const generated = randomBytes(48).toString('base64url');
    await mkdir(options.dataDir, { recursive: true });
    try {
      // Exclusive: services-mode roles started together on one data directory must end up with one secret.
      await writeFile(file, generated, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
      throw error;
    }
    options.logger.warn(`jwt_token_secret is a placeholder: using a random development secret kept in ${file}`);
    return generated;
  }
}
