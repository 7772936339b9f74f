import { isDuplicateKeyError, UnauthenticatedError } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

/** Wrong passwords for one e-mail from one address before each further one waits (1 s, then doubling). */
export const freeFailuresPerPair = 5;
/** The longest wait one e-mail from one address gets. */
export const longestPairDelaySeconds = 15 * 60;
/** How long after its last failure a pair's count is kept. */
export const pairWindowMinutes = 60;
/** Failures from one address, whatever the e-mails, before that address is locked for the rest of the window. */
export const maxFailedLoginsPerAddress = 50;
export const addressWindowMinutes = 15;
/**
 * Failures for one e-mail from every address within the window before addresses that never logged in to it
 * wait too (5 s, doubling, at most a minute): a guess spread over many addresses slows down, while an address
 * that logged in to the account before is never slowed by others' failures.
 */
export const freeFailuresPerAccount = 20;
export const firstAccountDelaySeconds = 5;
export const longestAccountDelaySeconds = 60;
export const accountWindowMinutes = 15;
/** How long an address that logged in to an account stays known for it. */
export const knownAddressDays = 30;

const pairKey = (email: string, address: string) => `pair:${address} ${email}`;
const addressKey = (address: string) => `address:${address}`;
const accountKey = (email: string) => `account:${email}`;
const knownKey = (email: string, address: string) => `known:${address} ${email}`;

function minutesFrom(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** The wait after the `failures`-th failure when `free` are allowed: `first` seconds, then doubling, at most `longest`. */
export function growingDelaySeconds(failures: number, free: number, longest: number, first = 1): number {
  if (failures < free) return 0;
  return Math.min(first * 2 ** (failures - free), longest);
}

function describeWait(until: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/** One counter a login attempt must pass: `free` attempts per window, then (with `firstDelaySeconds`) one per wait. */
interface Gate {
  key: string;
  free: number;
  windowMinutes: number;
  /** The window restarts at each attempt (a pair), rather than running from the first one. */
  slide: boolean;
  /** Past the free attempts, one more each time the wait is over; without it, none until the window ends. */
  firstDelaySeconds?: number;
}

/**
 * Counts an attempt under the gate before its password is checked, each step one atomic database operation, so
 * concurrent guesses cannot all pass a check made before any of them was counted: returns the attempt's number,
 * or the time until which the gate is shut.
 */
async function claim(models: CoreModels, gate: Gate, now: Date): Promise<number | Date> {
  const windowEndsAt = minutesFrom(now, gate.windowMinutes);
  const windowUpdate = gate.slide ? { $set: { windowEndsAt } } : { $setOnInsert: { windowEndsAt } };
  const live = { _id: gate.key, windowEndsAt: { $gt: now } };
  try {
    // Within the free attempts, or the first one (the upsert); a shut gate's key exists, so the upsert fails.
    const within = await models.LoginFailure.findOneAndUpdate(
      { ...live, count: { $lt: gate.free } },
      { $inc: { count: 1 }, ...windowUpdate },
      { upsert: true, returnDocument: 'after', projection: { count: 1 } },
    ).lean();
    if (within) return within.count;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  if (gate.firstDelaySeconds) {
    // The wait is over: this attempt passes and starts the next wait at once, so its concurrent twins do not.
    const afterWait = await models.LoginFailure.findOneAndUpdate(
      { ...live, count: { $gte: gate.free }, lockedUntil: { $lte: now } },
      { $inc: { count: 1 }, $set: { lockedUntil: new Date(now.getTime() + gate.firstDelaySeconds * 1000), ...(gate.slide ? { windowEndsAt } : {}) } },
      { returnDocument: 'after', projection: { count: 1 } },
    ).lean();
    if (afterWait) return afterWait.count;
  }
  // The window has ended: counting starts again with this attempt (one of concurrent attempts wins the reset).
  const restarted = await models.LoginFailure.findOneAndUpdate(
    { _id: gate.key, windowEndsAt: { $lte: now } },
    { $set: { count: 1, windowEndsAt }, $unset: { lockedUntil: 1 } },
    { returnDocument: 'after', projection: { count: 1 } },
  ).lean();
  if (restarted) return restarted.count;
  const shut = await models.LoginFailure.findById(gate.key).lean();
  if (shut?.lockedUntil && shut.lockedUntil > now) return shut.lockedUntil;
  if (gate.firstDelaySeconds) return new Date(now.getTime() + gate.firstDelaySeconds * 1000);
  return shut?.windowEndsAt ?? now;
}

/** The attempts counted for one login: their numbers, which set the waits if the password turns out wrong. */
export interface LoginAttempt {
  email: string;
  address: string;
  pairCount: number;
  /** Absent when the address logged in to this e-mail before: others' failures never slow it. */
  accountCount?: number;
}

/**
 * Counts a login attempt against this e-mail from this address, this address, and (for an address that never
 * logged in to it) this e-mail from anywhere, before the password is checked; refuses while any of them must
 * wait. Counting by the e-mail as typed (not the account) means a known and an unknown e-mail are throttled alike.
 */
export async function claimLoginAttempt(models: CoreModels, email: string, address: string, now = new Date()): Promise<LoginAttempt> {
  const known = await models.LoginFailure.exists({ _id: knownKey(email, address), windowEndsAt: { $gt: now } });
  const gates: Gate[] = [
    { key: addressKey(address), free: maxFailedLoginsPerAddress, windowMinutes: addressWindowMinutes, slide: false },
    { key: pairKey(email, address), free: freeFailuresPerPair, windowMinutes: pairWindowMinutes, slide: true, firstDelaySeconds: 1 },
  ];
  if (!known) gates.push({ key: accountKey(email), free: freeFailuresPerAccount, windowMinutes: accountWindowMinutes, slide: false, firstDelaySeconds: firstAccountDelaySeconds });
  const counts: number[] = [];
  for (const gate of gates) {
    const claimed = await claim(models, gate, now);
    if (claimed instanceof Date) throw new UnauthenticatedError(`Too many failed logins; try again in ${describeWait(claimed, now)}`);
    counts.push(claimed);
  }
  return { email, address, pairCount: counts[1]!, accountCount: counts[2] };
}

async function waitAfter(models: CoreModels, key: string, delaySeconds: number, now: Date): Promise<void> {
  if (delaySeconds > 0) await models.LoginFailure.updateOne({ _id: key }, { $max: { lockedUntil: new Date(now.getTime() + delaySeconds * 1000) } });
}

/** The password was wrong: the attempt stays counted, and past the free ones the next must wait. */
export async function recordFailedLogin(models: CoreModels, attempt: LoginAttempt, now = new Date()): Promise<void> {
  const { email, address, pairCount, accountCount } = attempt;
  await waitAfter(models, pairKey(email, address), growingDelaySeconds(pairCount, freeFailuresPerPair, longestPairDelaySeconds), now);
  if (accountCount !== undefined) {
    await waitAfter(models, accountKey(email), growingDelaySeconds(accountCount, freeFailuresPerAccount, longestAccountDelaySeconds, firstAccountDelaySeconds), now);
  }
}

/**
 * The right password: its count for this e-mail from this address starts again, the attempt is taken back from
 * the address's and the account's counts (it was counted before the check), and the address is known for it.
 */
export async function recordSuccessfulLogin(models: CoreModels, attempt: LoginAttempt, now = new Date()): Promise<void> {
  const { email, address, accountCount } = attempt;
  await models.LoginFailure.deleteOne({ _id: pairKey(email, address) });
  await models.LoginFailure.updateOne({ _id: addressKey(address), count: { $gt: 0 } }, { $inc: { count: -1 } });
  if (accountCount !== undefined) await models.LoginFailure.updateOne({ _id: accountKey(email), count: { $gt: 0 } }, { $inc: { count: -1 } });
  await models.LoginFailure.updateOne(
    { _id: knownKey(email, address) },
    { $set: { count: 0, windowEndsAt: minutesFrom(now, knownAddressDays * 24 * 60) } },
    { upsert: true },
  );
}

/**
 * The e-mails kept out now: by their account-wide wait, or by a wait for them from some address (the e-mail as
 * typed, which login lower-cases and trims as user e-mails are stored). A locked address is no account's lock.
 */
export async function lockedEmails(models: CoreModels, now = new Date()): Promise<Set<string>> {
  const locked = await models.LoginFailure.find({ lockedUntil: { $gt: now } }, { _id: 1 }).lean();
  const emails = new Set<string>();
  for (const { _id } of locked) {
    if (_id.startsWith('account:')) emails.add(_id.slice('account:'.length));
    else if (_id.startsWith('pair:')) emails.add(_id.slice(_id.indexOf(' ') + 1));
  }
  return emails;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Forgets every failure counted against this e-mail, from any address: its waits end and its counts start again. */
export async function clearFailuresFor(models: CoreModels, email: string): Promise<void> {
  await models.LoginFailure.deleteMany({ $or: [{ _id: accountKey(email) }, { _id: { $regex: `^pair:[^ ]+ ${escapeRegExp(email)}$` } }] });
}
