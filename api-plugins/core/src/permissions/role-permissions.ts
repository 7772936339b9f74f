import { declaredActions, type PluginPermissions, type Role } from '@lattice/plugin-sdk';
import type { CoreModels } from '../models/load-models.js';

/** Every declared action (`<plugin>:<action>`) with the built-in groups (roles) that have it. */
export async function actionCatalogue(models: CoreModels, ownPermissions: PluginPermissions): Promise<Map<string, readonly Role[]>> {
  const announced = await models.PluginPermissions.find({}).lean();
  const catalogue = new Map<string, readonly Role[]>();
  for (const { _id, permissions } of [...announced, { _id: 'core', permissions: ownPermissions }]) {
    for (const [name, declared] of declaredActions(_id, permissions)) catalogue.set(name, declared.roles);
  }
  return catalogue;
}

/**
 * The actions a role's built-in group has across every plugin that announced its permissions, and the core's own
 * (`ownPermissions`, so the answer never waits for the core's announcement to come back round the broker).
 * Owners have every action.
 */
export function roleActions(catalogue: ReadonlyMap<string, readonly Role[]>, role: Role): string[] {
  const names: string[] = [];
  for (const [name, roles] of catalogue) if (role === 'owner' || roles.includes(role)) names.push(name);
  return names.sort();
}

/** `roleActions` for one role, reading the catalogue. */
export async function rolePermissions(models: CoreModels, ownPermissions: PluginPermissions, role: Role): Promise<string[]> {
  return roleActions(await actionCatalogue(models, ownPermissions), role);
}
