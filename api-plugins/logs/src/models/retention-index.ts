import type { ActivityLogModel } from './activity-log.js';

const ttlIndexName = 'createdAt_retention';

/**
 * The TTL index that removes entries older than the retention: made when missing, made again when the retention
 * changed (the database, not any API, is what removes entries).
 */
export async function ensureRetentionIndex(ActivityLog: ActivityLogModel, days: number): Promise<void> {
  const expireAfterSeconds = days * 24 * 60 * 60;
  await ActivityLog.createCollection().catch(() => undefined);
  const existing = (await ActivityLog.collection.indexes()).find((index) => index.name === ttlIndexName);
  if (existing?.expireAfterSeconds === expireAfterSeconds) return;
  if (existing) await ActivityLog.collection.dropIndex(ttlIndexName);
  await ActivityLog.collection.createIndex({ createdAt: 1 }, { name: ttlIndexName, expireAfterSeconds });
}
