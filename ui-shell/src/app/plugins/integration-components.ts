import type { ComponentType } from 'react';
import { IntegrationComponentMissing, type InboxIntegrationSlot, type IntegrationComponents, type PluginManifestEntry } from '@lattice/ui-sdk';
import { loadExposedModule } from './remote-registry.js';

/**
 * The integration components the inbox asks for: from the enabled UI plugin whose `inboxIntegration.kind`
 * is that kind, the module it names for the slot, loaded from its remote on first use.
 */
export function integrationComponents(plugins: PluginManifestEntry[]): IntegrationComponents {
  const offering = (kind: string, slot: InboxIntegrationSlot) => plugins.find((entry) => entry.inboxIntegration?.kind === kind && entry[slot]);
  return {
    offers: (kind, slot) => offering(kind, slot) !== undefined,
    load: async (kind, slot, fresh) => {
      const plugin = offering(kind, slot);
      const exposed = plugin?.[slot];
      if (!plugin || !exposed) throw new IntegrationComponentMissing(kind, slot);
      const module = await loadExposedModule<{ default?: ComponentType<never> }>(plugin, exposed, fresh);
      if (!module?.default) throw new Error(`${plugin.name} does not export a component from ${exposed}`);
      return module.default as never;
    },
  };
}
