import type { PluginManifestEntry, PluginsManifest } from '@lattice/ui-sdk';
import { loadPluginRoutesEarly } from '../plugins/remote-registry.js';

export interface PluginsManifestResult {
  plugins: PluginManifestEntry[];
  error?: string;
}

/**
 * `/plugins.json`, requested as soon as the main chunk runs, while React and the shared modules are still
 * downloading. The plugin whose page is being opened starts loading at the same time (its scripts
 * preloaded, its routes module requested), so opening /documents/ does not wait for React to mount.
 */
export const pluginsManifestRequest: Promise<PluginsManifestResult> = fetch('/plugins.json', { headers: { accept: 'application/json' } })
  .then(async (response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as PluginsManifest;
  })
  .then(
    (manifest) => {
      preloadCurrentPlugin(manifest.plugins);
      return { plugins: manifest.plugins };
    },
    // The shell still works (login, settings) without plugins; the navigation says why they are missing.
    (error: unknown) => ({ plugins: [], error: error instanceof Error ? error.message : String(error) }),
  );

function preloadCurrentPlugin(plugins: PluginManifestEntry[]): void {
  const segment = window.location.pathname.split('/').find((part) => part !== '');
  const plugin = plugins.find((candidate) => candidate.menus.some((menu) => menu.url.split('/').find((part) => part !== '') === segment));
  if (!plugin) return;
  loadPluginRoutesEarly(plugin);
  for (const href of plugin.preload ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}
