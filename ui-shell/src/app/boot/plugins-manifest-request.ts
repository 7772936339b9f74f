import type { PluginManifestEntry, PluginsManifest, RefusedPlugin } from '@lattice/ui-sdk';
import { pluginOwningPath } from '@lattice/ui-sdk/config';
import { setRemoteLoadTimeout } from '../plugins/remote-load-timeout.js';
import { loadPluginRoutesEarly } from '../plugins/remote-registry.js';
import { pathInApp } from './app-base.js';

export interface PluginsManifestResult {
  plugins: PluginManifestEntry[];
  /** Remotes the front-end server left out (a bad descriptor or entry), with the field at fault. */
  refused?: RefusedPlugin[];
  /** How often the tab asks /plugins.json again to learn of redeployed plugins. */
  updateCheckMs?: number;
  /** `false`: read without a session, so no plugins yet; the shell asks again once signed in. */
  signedIn?: boolean;
  error?: string;
}

// Where the front-end server inlines /plugins.json (ui-shell/src/server/index-html.ts).
const inlineManifestId = 'lattice-plugins';

/**
 * The plugins manifest, read as soon as the main chunk runs, while React and the shared modules are still
 * downloading: inlined in index.html by the front-end server, else (webpack dev server) `/plugins.json`.
 * The plugin whose page is being opened starts loading at once (its scripts preloaded, its routes module
 * requested), so opening /documents/ does not wait for React to mount.
 */
export const pluginsManifestRequest: Promise<PluginsManifestResult> = readManifest().then(
  (manifest) => {
    setRemoteLoadTimeout(manifest.remoteLoadTimeoutMs);
    preloadCurrentPlugin(manifest.plugins);
    return manifestResult(manifest);
  },
  // The shell still works (login, settings) without plugins; the navigation says why they are missing.
  (error: unknown) => ({ plugins: [], error: error instanceof Error ? error.message : String(error) }),
);

export function manifestResult(manifest: PluginsManifest): PluginsManifestResult {
  return { plugins: manifest.plugins, refused: manifest.refused ?? [], updateCheckMs: manifest.updateCheckMs, ...(manifest.signedIn === false ? { signedIn: false } : {}) };
}

/** `/plugins.json` as the server gives it now (after logging in: the plugins this session may see). */
export async function fetchPluginsManifest(): Promise<PluginsManifestResult> {
  return manifestResult(await fetchManifest());
}

async function readManifest(): Promise<PluginsManifest> {
  const inline = document.getElementById(inlineManifestId)?.textContent;
  if (inline) return JSON.parse(inline) as PluginsManifest;
  return fetchManifest();
}

async function fetchManifest(): Promise<PluginsManifest> {
  const response = await fetch('/plugins.json', { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as PluginsManifest;
}

function preloadCurrentPlugin(plugins: PluginManifestEntry[]): void {
  const plugin = pluginOwningPath(plugins, pathInApp(window.location.pathname));
  if (!plugin) return;
  loadPluginRoutesEarly(plugin);
  for (const href of plugin.preload ?? []) {
    // The front-end server already put these links in index.html.
    if (document.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}
