import type { PluginPermissions, Role } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

/**
 * The permission names a role has across every plugin that announced its permissions, and the core's own
 * (`ownPermissions`, so the answer never waits for the core's announcement to come back round the broker).
 */
export async function rolePermissions(models: CoreModels, ownPermissions: PluginPermissions, role: Role): Promise<string[]> {
  const announced = await models.PluginPermissions.find({}).lean();
  const names = new Set<string>();
  for (const table of [ownPermissions, ...announced.map((entry) => entry.permissions)]) {
    for (const [name, declared] of Object.entries(table)) if (declared.roles.includes(role)) names.add(name);
  }
  return [...names].sort();
}
