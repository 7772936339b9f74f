import { buildPluginsManifest } from '@lattice/ui-shell/server';
import type { PluginEntry } from './configs-schema.js';

export interface UiPluginsCheck {
  /** The plugins whose UI config the shell would load. */
  checked: string[];
  /** Plugins with a UI the shell would leave out for now, and why (e.g. not built yet). */
  skipped: string[];
}

/**
 * Reads each UI plugin's config with the front-end server's own reader (`buildPluginsManifest`), so a config
 * that would make the shell's /plugins.json fail is refused here, before a start. It throws that reader's
 * error, which names the file and each wrong key.
 */
export async function checkUiPlugins(entries: PluginEntry[], pluginsRoot?: string): Promise<UiPluginsCheck> {
  const skipped: string[] = [];
  const manifest = await buildPluginsManifest({
    plugins: entries.map((entry) => ({ name: entry.name, ui: entry.ui, remoteUrl: entry.ui_url })),
    pluginsRoot,
    onSkip: (name, reason) => skipped.push(`${name} (${reason})`),
  });
  return { checked: manifest.plugins.map((plugin) => plugin.name), skipped };
}
