import type { PluginManifestEntry, PluginsManifest } from '@lattice/ui-sdk';
import { runningEntryVersions } from './remote-registry.js';

/** How often an open tab asks, unless /plugins.json says otherwise (`updateCheckMs`). */
export const defaultUpdateCheckMs = 60_000;

/**
 * The plugins whose code this tab runs and that `/plugins.json` now gives another entry version: they
 * were redeployed, and only a reload runs their new code. A plugin gone from the manifest is not one.
 */
export function redeployedPlugins(manifest: PluginsManifest, running: ReadonlyMap<string, string>): PluginManifestEntry[] {
  return manifest.plugins.filter((plugin) => {
    const version = running.get(plugin.name);
    return version !== undefined && plugin.entry !== undefined && plugin.entry.version !== version;
  });
}

/**
 * Asks the front-end server for `/plugins.json` every `intervalMs` while the tab is visible, and at once
 * when it becomes visible again, telling `onRedeployed` of every plugin this tab runs stale code of. The
 * server reads each remote's entry on its own interval, so a redeploy shows within both. Returns a stop.
 */
export function watchPluginUpdates(intervalMs: number, onRedeployed: (plugins: PluginManifestEntry[]) => void): () => void {
  let asking = false;
  const check = async () => {
    if (asking || document.visibilityState !== 'visible' || runningEntryVersions().size === 0) return;
    asking = true;
    try {
      const response = await fetch('/plugins.json', { cache: 'no-cache', headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const redeployed = redeployedPlugins((await response.json()) as PluginsManifest, runningEntryVersions());
      if (redeployed.length > 0) onRedeployed(redeployed);
    } catch {
      // The front-end is restarting or the network is away: the next check asks again.
    } finally {
      asking = false;
    }
  };
  const onVisibility = () => void check();
  const timer = setInterval(() => void check(), intervalMs);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
