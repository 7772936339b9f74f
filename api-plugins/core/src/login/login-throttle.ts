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

const pairKey = (email: string, address: string) => `pair:${address} ${email}`;
const addressKey = (address: string) => `address:${address}`;

function minutesFrom(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** The wait after the `failures`-th wrong password in a row for one e-mail from one address, in seconds. */
export function pairDelaySeconds(failures: number): number {
  if (failures < freeFailuresPerPair) return 0;
  return Math.min(2 ** (failures - freeFailuresPerPair), longestPairDelaySeconds);
}

function describeWait(until: Date, now: Date): string {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Refuses before the account is even looked up while this e-mail from this address, or this address, must
 * wait. Counting by the e-mail as typed (not the account) means a known and an unknown e-mail are throttled
 * alike and get the same answer, and by address means wrong passwords sent from elsewhere never keep the
 * owner out: only the address that sent them waits.
 */
export async function assertNotThrottled(models: CoreModels, email: string, address: string, now = new Date()): Promise<void> {
  const records = await models.LoginFailure.find({ _id: { $in: [pairKey(email, address), addressKey(address)] } }).lean();
  let until: Date | undefined;
  for (const record of records) {
    const lockedUntil =
      record._id === addressKey(address)
        ? record.count >= maxFailedLoginsPerAddress && record.windowEndsAt > now ? record.windowEndsAt : undefined
        : record.lockedUntil && record.lockedUntil > now ? record.lockedUntil : undefined;
    if (lockedUntil && (!until || lockedUntil > until)) until = lockedUntil;
  }
  if (until) throw new UnauthenticatedError(`Too many failed logins; try again in ${describeWait(until, now)}`);
}

async function countFailure(models: CoreModels, key: string, windowEndsAt: Date, now: Date, slideWindow: boolean): Promise<number> {
  // A window that has ended starts again at zero; otherwise the count grows within it.
  await models.LoginFailure.updateOne({ _id: key, windowEndsAt: { $lte: now } }, { $set: { count: 0, windowEndsAt }, $unset: { lockedUntil: 1 } });
  const updated = await models.LoginFailure.findOneAndUpdate(
    { _id: key },
    { $inc: { count: 1 }, ...(slideWindow ? { $set: { windowEndsAt } } : { $setOnInsert: { windowEndsAt } }) },
    { upsert: true, returnDocument: 'after', projection: { count: 1 } },
  ).lean();
  return updated?.count ?? 1;
}

/** Counts a failed login against this e-mail from this address (with a growing wait) and against the address. */
export async function recordFailedLogin(models: CoreModels, email: string, address: string, now = new Date()): Promise<void> {
  const failures = await countFailure(models, pairKey(email, address), minutesFrom(now, pairWindowMinutes), now, true);
  const delay = pairDelaySeconds(failures);
  if (delay > 0) {
    await models.LoginFailure.updateOne({ _id: pairKey(email, address) }, { $set: { lockedUntil: new Date(now.getTime() + delay * 1000) } });
  }
  await countFailure(models, addressKey(address), minutesFrom(now, addressWindowMinutes), now, false);
}

/** The right password from this address: its count for this e-mail starts again (the address's count stays). */
export async function recordSuccessfulLogin(models: CoreModels, email: string, address: string): Promise<void> {
  await models.LoginFailure.deleteOne({ _id: pairKey(email, address) });
}
