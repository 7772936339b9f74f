import { sessionsCheckQueue } from '@lattice/contracts';
import type { PluginPermissions, PluginServices } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import { checkSessions } from '../sessions/sessions.js';

/** `core:sessions.check`: every plugin host (this one too) asks here whether its requests' sessions are live. */
export async function consumeSessionChecks(broker: PluginServices['messageBrokerClient'], models: CoreModels, ownPermissions: PluginPermissions): Promise<void> {
  await broker.consumeRPCQueue(sessionsCheckQueue.name, async (data) => {
    const { sessionIds } = sessionsCheckQueue.payload.parse(data);
    return checkSessions(models, ownPermissions, sessionIds);
  });
}
