import argon2 from 'argon2';
import bcrypt from 'bcryptjs';
import { HashingQueue } from './hashing-queue.js';

/** Checked where a password is set; argon2 reads all of it (nothing truncated), the cap only bounds the work. */
export const maxPasswordLength = 200;
export const minPasswordLength = 12;

/** OWASP's argon2id setting for a small machine: 19 MiB, two passes, one lane (about 20 ms here). */
const argon2Options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hash at a time, so a login flood takes one core at most and the event loop keeps the other (on 2 cores,
 * two at once took another user's p99 from 85 ms to 1.5 s); at most 32 waiting, about two seconds of queue on a
 * loaded machine. Past that a login is refused with 429 rather than left to wait.
 */
const queue = new HashingQueue(1, 32);

export function hashPassword(password: string): Promise<string> {
  return queue.run(() => argon2.hash(password, argon2Options));
}

// Compared against when the e-mail is unknown, so an unknown e-mail costs as long as a wrong password.
let unknownUserHash: Promise<string> | undefined;

/** True when the password matches the stored hash: argon2id, or a bcrypt hash stored before argon2id. */
export function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  return queue.run(async () => {
    if (hash?.startsWith('$2')) return bcrypt.compare(password, hash);
    unknownUserHash ??= argon2.hash('lattice: no such user', argon2Options);
    const stored = hash ?? (await unknownUserHash);
    return (await argon2.verify(stored, password)) && hash !== undefined;
  });
}

/** A hash stored before argon2id (bcrypt) or with weaker settings: replaced at the next successful login. */
export function needsRehash(hash: string): boolean {
  return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, argon2Options);
}
