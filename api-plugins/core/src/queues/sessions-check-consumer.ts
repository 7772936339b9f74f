import { sessionsCheckQueue } from '@lattice/contracts';
import { consumeContract, type PluginPermissions, type PluginServices } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';
import { checkSessions } from '../sessions/sessions.js';

/** `core:sessions.check`: every plugin host (this one too) asks here whether its requests' sessions are live. */
export async function consumeSessionChecks(broker: PluginServices['messageBrokerClient'], models: CoreModels, ownPermissions: PluginPermissions): Promise<void> {
  await consumeContract(broker, sessionsCheckQueue, ({ sessionIds }) => checkSessions(models, ownPermissions, sessionIds));
}
