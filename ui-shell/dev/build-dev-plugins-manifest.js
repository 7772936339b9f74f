import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toManifestEntry } from '../dist/server/build-plugins-manifest.js';
import { readUiPluginConfig } from '@lattice/ui-sdk/webpack';

/** `lattice dev`: every `ui: local` plugin from its own webpack dev server (http://localhost:<port>/). */
export async function buildDevPluginsManifest(configsFile) {
  const configs = JSON.parse(await readFile(configsFile, 'utf8'));
  const plugins = [];
  for (const plugin of configs.plugins ?? []) {
    if (plugin.ui !== 'local' && !(plugin.ui === 'remote' && plugin.ui_url)) continue;
    let config;
    try {
      config = readUiPluginConfig(join(import.meta.dirname, '../../ui-plugins', plugin.name));
    } catch {
      continue;
    }
    const remoteEntry = plugin.ui === 'local' ? `http://localhost:${config.port}/remoteEntry.js` : plugin.ui_url;
    plugins.push(toManifestEntry(config, remoteEntry));
  }
  return { plugins };
}
