import { buildPluginsManifest } from '@lattice/ui-shell/server';
import { ConfigError } from './config-error.js';
import type { PluginEntry } from './configs-schema.js';

export interface UiPluginsCheck {
  /** The plugins whose UI the shell would load. */
  checked: string[];
  /** Plugins with a UI the shell would leave out for now, and why (e.g. not built yet). */
  skipped: string[];
}

/**
 * Reads each UI plugin's config with the front-end server's own reader (`buildPluginsManifest`): a local
 * build's `ui-plugin.json`, and each `ui: remote` plugin's descriptor and entry, fetched from its server
 * now. A plugin the shell would refuse fails the check, naming the plugin and the field at fault.
 */
export async function checkUiPlugins(entries: PluginEntry[], options: { configFile?: string; pluginsRoot?: string } = {}): Promise<UiPluginsCheck> {
  const skipped: string[] = [];
  const manifest = await buildPluginsManifest({
    plugins: entries.map((entry) => ({ name: entry.name, ui: entry.ui, remoteUrl: entry.ui_url })),
    pluginsRoot: options.pluginsRoot,
    onSkip: (name, reason) => skipped.push(`${name} (${reason})`),
  });
  const refused = manifest.refused ?? [];
  if (refused.length > 0) {
    const index = (name: string) => entries.findIndex((entry) => entry.name === name);
    const lines = refused.map((plugin) => `plugins[${index(plugin.name)}] "${plugin.name}": ${plugin.reason}`);
    throw new ConfigError(options.configFile ?? 'configs.json', 'plugins', `has UI plugins the shell would refuse:\n  ${lines.join('\n  ')}`);
  }
  return { checked: manifest.plugins.map((plugin) => plugin.name), skipped };
}
