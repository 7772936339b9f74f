import type { MessageBroker } from '@lattice/broker';
import { activityRecordQueue } from '@lattice/contracts';
import { consumeContract } from '@lattice/plugin-sdk';
import type { LogsModels } from '../models/load-models.js';

/**
 * Stores the entries plugin hosts send. Entries are only ever inserted (each gets a new _id): nothing on the broker
 * or over GraphQL changes or removes one; the retention index alone removes old ones. A message that is not the
 * `logs:activity.record` payload is never stored: `consumeContract` puts it in `logs:activity.record:dead` at once.
 */
export async function consumeActivityQueue(broker: MessageBroker, models: LogsModels): Promise<void> {
  await consumeContract(broker, activityRecordQueue, async ({ entries }) => {
    await models.ActivityLog.collection.insertMany(
      entries.map((entry) => ({ ...entry })),
      { ordered: false },
    );
  });
}
