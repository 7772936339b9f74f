import type { ComponentType } from 'react';
import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { loadExposedModule } from '../plugins/remote-registry.js';

/** The component a plugin's `dashboardWidget` module default-exports, loaded from its remote (`fresh` for a retry). */
export async function loadDashboardWidget(plugin: PluginManifestEntry, fresh: boolean): Promise<ComponentType> {
  if (!plugin.dashboardWidget) throw new Error(`${plugin.name} has no dashboardWidget`);
  const module = await loadExposedModule<{ default?: ComponentType }>(plugin, plugin.dashboardWidget, fresh);
  if (!module?.default) throw new Error(`${plugin.name} does not export a component from ${plugin.dashboardWidget}`);
  return module.default;
}
