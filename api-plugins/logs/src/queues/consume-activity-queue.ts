import { activityRecordQueue } from '@lattice/contracts';
import type { MessageBroker } from '@lattice/broker';
import type { Logger } from 'pino';
import type { LogsModels } from '../models/load-models.js';

/**
 * Stores the entries plugin hosts send. Entries are only ever inserted (each gets a new _id): nothing on the broker
 * or over GraphQL changes or removes one; the retention index alone removes old ones.
 */
export async function consumeActivityQueue(broker: MessageBroker, models: LogsModels, debug: Logger): Promise<void> {
  await broker.consumeQueue(activityRecordQueue.name, async (data) => {
    const parsed = activityRecordQueue.payload.safeParse(data);
    if (!parsed.success) {
      debug.warn({ issues: parsed.error.issues.slice(0, 5) }, 'activity entries refused: not the logs:activity.record payload');
      return;
    }
    await models.ActivityLog.collection.insertMany(parsed.data.entries.map((entry) => ({ ...entry })), { ordered: false });
  });
}
