import { UnauthenticatedError } from '@lattice/plugin-sdk';
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

/**
 * Refuses before the account is even looked up while this e-mail from this address, this address, or (for an
 * address that never logged in to it) this e-mail must wait. Counting by the e-mail as typed (not the account)
 * means a known and an unknown e-mail are throttled alike and get the same answer; counting by address means
 * wrong passwords sent from elsewhere never keep the owner out of an address they logged in from.
 */
export async function assertNotThrottled(models: CoreModels, email: string, address: string, now = new Date()): Promise<void> {
  const keys = [pairKey(email, address), addressKey(address), accountKey(email), knownKey(email, address)];
  const records = new Map((await models.LoginFailure.find({ _id: { $in: keys } }).lean()).map((record) => [record._id, record]));
  const waits: Array<Date | undefined> = [];
  const pair = records.get(pairKey(email, address));
  if (pair?.lockedUntil && pair.lockedUntil > now) waits.push(pair.lockedUntil);
  const fromAddress = records.get(addressKey(address));
  if (fromAddress && fromAddress.count >= maxFailedLoginsPerAddress && fromAddress.windowEndsAt > now) waits.push(fromAddress.windowEndsAt);
  const account = records.get(accountKey(email));
  const known = records.get(knownKey(email, address));
  if (!known && account?.lockedUntil && account.lockedUntil > now) waits.push(account.lockedUntil);
  const until = waits.reduce<Date | undefined>((latest, wait) => (wait && (!latest || wait > latest) ? wait : latest), undefined);
  if (until) throw new UnauthenticatedError(`Too many failed logins; try again in ${describeWait(until, now)}`);
}

/** Counts one failure under `key`; a window that has ended starts again at zero. */
async function countFailure(models: CoreModels, key: string, windowEndsAt: Date, now: Date, slideWindow: boolean): Promise<number> {
  await models.LoginFailure.updateOne({ _id: key, windowEndsAt: { $lte: now } }, { $set: { count: 0, windowEndsAt }, $unset: { lockedUntil: 1 } });
  const updated = await models.LoginFailure.findOneAndUpdate(
    { _id: key },
    { $inc: { count: 1 }, ...(slideWindow ? { $set: { windowEndsAt } } : { $setOnInsert: { windowEndsAt } }) },
    { upsert: true, returnDocument: 'after', projection: { count: 1 } },
  ).lean();
  return updated?.count ?? 1;
}

async function waitAfter(models: CoreModels, key: string, delaySeconds: number, now: Date): Promise<void> {
  if (delaySeconds > 0) await models.LoginFailure.updateOne({ _id: key }, { $set: { lockedUntil: new Date(now.getTime() + delaySeconds * 1000) } });
}

/** Counts a failed login against this e-mail from this address, the address, and the e-mail from anywhere. */
export async function recordFailedLogin(models: CoreModels, email: string, address: string, now = new Date()): Promise<void> {
  const pairFailures = await countFailure(models, pairKey(email, address), minutesFrom(now, pairWindowMinutes), now, true);
  await waitAfter(models, pairKey(email, address), growingDelaySeconds(pairFailures, freeFailuresPerPair, longestPairDelaySeconds), now);
  await countFailure(models, addressKey(address), minutesFrom(now, addressWindowMinutes), now, false);
  const accountFailures = await countFailure(models, accountKey(email), minutesFrom(now, accountWindowMinutes), now, false);
  await waitAfter(models, accountKey(email), growingDelaySeconds(accountFailures, freeFailuresPerAccount, longestAccountDelaySeconds, firstAccountDelaySeconds), now);
}

/** The right password from this address: its count for this e-mail starts again, and the address is known for it. */
export async function recordSuccessfulLogin(models: CoreModels, email: string, address: string, now = new Date()): Promise<void> {
  await models.LoginFailure.deleteOne({ _id: pairKey(email, address) });
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
