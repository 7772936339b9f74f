import { z } from 'zod';

export const defaultRetentionDays = 365;

/** How long entries are kept: `LOGS_RETENTION_DAYS` (configs.json `extra_env` of the logs plugin), 365 days by default. */
export function retentionDays(env: Readonly<Record<string, string | undefined>>): number {
  const given = env.LOGS_RETENTION_DAYS;
  if (given === undefined || given === '') return defaultRetentionDays;
  const parsed = z.coerce.number().int().min(1).max(36_500).safeParse(given);
  if (!parsed.success) throw new Error(`LOGS_RETENTION_DAYS must be a whole number of days from 1 to 36500, got "${given}"`);
  return parsed.data;
}
