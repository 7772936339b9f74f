import { z } from 'zod';
import { plainQueue } from '../queue-contract.js';

/** One field's value before and after a change; a secret's values are never sent, only that it changed. */
export const activityChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/**
 * One entry of the activity log: who (`createdBy`, a user id; null for the platform itself), which plugin, what
 * (`action`: the mutation, `create`/`update`/`remove`, or a plugin's own word such as `syncStarted`), on what
 * (`contentType` `<plugin>:<type>`, `contentId`) and each changed field's before and after.
 */
export const activityEntrySchema = z.object({
  createdAt: z.coerce.date(),
  createdBy: z.string().min(1).max(100).nullable(),
  plugin: z.string().min(1).max(100),
  action: z.string().min(1).max(200),
  contentType: z.string().max(200).nullable(),
  contentId: z.string().max(200).nullable(),
  changes: z.record(z.string(), activityChangeSchema),
  /** The action besides `logs:showActivity` that lets a user read this entry: the one that reads the content. */
  readPermission: z.string().max(200).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/**
 * `logs:activity.record`: plugin hosts send the entries of their changes, a batch per 100 ms; the logs
 * plugin stores them. There is no queue to change or remove an entry.
 */
export const activityRecordQueue = plainQueue('logs:activity.record', z.object({ entries: z.array(activityEntrySchema).min(1).max(1_000) }));
export type ActivityRecordPayload = z.infer<typeof activityRecordQueue.payload>;
