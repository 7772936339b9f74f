import { permissionsAnnounceQueue } from '@lattice/contracts';
import { consumeContract, type PluginServices } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

/** `core:permissions.announce`: keeps each plugin's declared permissions, the latest announcement winning. */
export async function consumePermissionsAnnouncements(broker: PluginServices['messageBrokerClient'], models: CoreModels): Promise<void> {
  await consumeContract(broker, permissionsAnnounceQueue, async ({ plugin, permissions }) => {
    await models.PluginPermissions.updateOne({ _id: plugin }, { $set: { permissions, announcedAt: new Date() } }, { upsert: true });
  });
}
