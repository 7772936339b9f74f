import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddedMongoUser } from '@lattice/embedded-mongo';
import type { Configs } from '../config/configs-schema.js';

export interface ResolvedMongoUser {
  user: EmbeddedMongoUser;
  /** Where the password is kept, for the ready banner: configs.json's key or the generated file. */
  passwordFrom: string;
  /** True when configs.json names the user, false when it was generated. */
  configured: boolean;
}

const isPlaceholder = (value: string) => value.trim() === '' || /^<.*>$/.test(value.trim());

/** The file in the data directory that keeps a generated user of the embedded database (never committed: `.data/` is ignored). */
export function generatedMongoUserFile(dataDir: string): string {
  return join(dataDir, 'mongo-user.json');
}

/** configs.json's `mongo.username`/`mongo.password`, when both are real values (not `<PLACEHOLDER>`). */
export function configuredMongoUser(configs: Configs | undefined): EmbeddedMongoUser | undefined {
  const { username, password } = configs?.mongo ?? {};
  if (username === undefined || password === undefined || isPlaceholder(username) || isPlaceholder(password)) return undefined;
  return { username, password };
}

/**
 * The user the embedded database requires: configs.json's `mongo` credentials, else one generated once and kept
 * (mode 0600) in the data directory, so restarts and every role sharing the directory agree on it.
 */
export async function resolveEmbeddedMongoUser(configs: Configs | undefined, dataDir: string): Promise<ResolvedMongoUser> {
  const configured = configuredMongoUser(configs);
  if (configured) return { user: configured, passwordFrom: 'mongo.password of configs.json', configured: true };
  const file = generatedMongoUserFile(dataDir);
  const read = async () => ({ user: JSON.parse(await readFile(file, 'utf8')) as EmbeddedMongoUser, passwordFrom: file, configured: false });
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const user: EmbeddedMongoUser = { username: 'lattice', password: randomBytes(24).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  try {
    // Exclusive: roles started together on one data directory must end up with one user.
    await writeFile(file, `${JSON.stringify(user)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  return { user, passwordFrom: file, configured: false };
}
