import { UnauthenticatedError } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

export const maxFailedLoginsPerAccount = 10;
export const accountLockMinutes = 15;
export const maxFailedLoginsPerAddress = 50;
export const addressWindowMinutes = 15;

function minutesFrom(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Refuses before the password is even checked when the account or the address is throttled. */
export async function assertNotThrottled(
  models: CoreModels,
  user: { lockedUntil?: Date | null } | null,
  address: string,
  now = new Date(),
): Promise<void> {
  if (user?.lockedUntil && user.lockedUntil > now) {
    throw new UnauthenticatedError(
      `Too many wrong passwords for this account; try again in ${minutesLeft(user.lockedUntil, now)} minutes`,
    );
  }
  const failures = await models.LoginFailure.findById(address).lean();
  if (failures && failures.windowEndsAt > now && failures.count >= maxFailedLoginsPerAddress) {
    throw new UnauthenticatedError(
      `Too many failed logins from this address; try again in ${minutesLeft(failures.windowEndsAt, now)} minutes`,
    );
  }
}

/** Counts a failed login against the account (if there is one) and the address, atomically in the database. */
export async function recordFailedLogin(
  models: CoreModels,
  userId: unknown,
  address: string,
  now = new Date(),
): Promise<void> {
  if (userId) {
    const updated = await models.User.findOneAndUpdate(
      { _id: userId },
      { $inc: { failedLogins: 1 } },
      { returnDocument: 'after', projection: { failedLogins: 1 } },
    ).lean();
    if (updated && updated.failedLogins >= maxFailedLoginsPerAccount) {
      await models.User.updateOne(
        { _id: userId },
        { $set: { lockedUntil: minutesFrom(now, accountLockMinutes), failedLogins: 0 } },
      );
    }
  }
  // A window that has ended starts again at one; otherwise the count grows within it.
  await models.LoginFailure.updateOne(
    { _id: address, windowEndsAt: { $lte: now } },
    { $set: { count: 0, windowEndsAt: minutesFrom(now, addressWindowMinutes) } },
  );
  await models.LoginFailure.updateOne(
    { _id: address },
    { $inc: { count: 1 }, $setOnInsert: { windowEndsAt: minutesFrom(now, addressWindowMinutes) } },
    { upsert: true },
  );
}

export async function recordSuccessfulLogin(models: CoreModels, userId: unknown): Promise<void> {
  await models.User.updateOne({ _id: userId }, { $set: { failedLogins: 0 }, $unset: { lockedUntil: 1 } });
}
