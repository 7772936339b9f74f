import type { ComponentType } from 'react';
import { IntegrationComponentMissing, type InboxIntegrationSlot, type IntegrationComponents, type PluginManifestEntry } from '@lattice/ui-sdk';
import { RemoteComponentMissing } from './remote-load-errors.js';
import { loadExposedModule } from './remote-registry.js';

/**
 * The integration components the inbox asks for: from the enabled UI plugin whose `inboxIntegration.kind`
 * is that kind, the module it names for the slot, loaded from its remote on first use. A load that fails is
 * rejected with `describe(error)` as its message (the shell's reasons in the user's language, as the inbox's
 * alert shows it), the original error as its cause.
 */
export function integrationComponents(plugins: PluginManifestEntry[], describe: (error: Error) => string): IntegrationComponents {
  const offering = (kind: string, slot: InboxIntegrationSlot) => plugins.find((entry) => entry.inboxIntegration?.kind === kind && entry[slot]);
  return {
    offers: (kind, slot) => offering(kind, slot) !== undefined,
    load: async (kind, slot, fresh) => {
      const plugin = offering(kind, slot);
      const exposed = plugin?.[slot];
      if (!plugin || !exposed) throw new IntegrationComponentMissing(kind, slot);
      try {
        const module = await loadExposedModule<{ default?: ComponentType<never> }>(plugin, exposed, fresh);
        if (!module?.default) throw new RemoteComponentMissing(plugin.name, exposed);
        return module.default as never;
      } catch (error) {
        throw new Error(describe(error instanceof Error ? error : new Error(String(error))), { cause: error });
      }
    },
  };
}
