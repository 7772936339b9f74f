import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PluginManifestEntry } from '@lattice/ui-sdk';

const registered = new Set<string>();
const failed = new Set<string>();
const early = new Map<string, Promise<{ default: ComponentType }>>();

/**
 * Starts loading a plugin's routes before React asks for them (the page being opened is that plugin's).
 * A failure here is not reported: the page's own load gets the same rejected promise and shows it.
 */
export function loadPluginRoutesEarly(plugin: PluginManifestEntry): void {
  const loading = loadPluginRoutes(plugin, false);
  loading.catch(() => undefined);
  early.set(plugin.scope, loading);
}

/** The routes module for a page: the early load when there is one (used once), else a load now. */
export function pluginRoutesForPage(plugin: PluginManifestEntry, fresh: boolean): Promise<{ default: ComponentType }> {
  const loading = early.get(plugin.scope);
  early.delete(plugin.scope);
  return !fresh && loading ? loading : loadPluginRoutes(plugin, fresh);
}

/**
 * Registers a plugin's remote the first time one of its pages is visited, then loads its routes module.
 * Nothing is registered at start-up, so a dead remote can only affect its own pages. `fresh` drops
 * what the runtime cached for the remote (a failed entry included), for a retry.
 */
export async function loadPluginRoutes(plugin: PluginManifestEntry, fresh: boolean): Promise<{ default: ComponentType }> {
  try {
    const routes = await loadRoutesModule(plugin, fresh || failed.has(plugin.scope));
    failed.delete(plugin.scope);
    return routes;
  } catch (error) {
    // The runtime keeps a failed remote's state; the next visit must start over, not wait on it.
    failed.add(plugin.scope);
    throw error;
  }
}

async function loadRoutesModule(plugin: PluginManifestEntry, fresh: boolean): Promise<{ default: ComponentType }> {
  if (fresh || !registered.has(plugin.scope)) {
    const entry = new URL(plugin.remoteEntry, window.location.href).href;
    registerRemotes([{ name: plugin.scope, entry }], { force: registered.has(plugin.scope) });
    registered.add(plugin.scope);
  }
  performance.mark(`lattice:remote-load-start:${plugin.name}`);
  const module = await loadRemote<{ default?: ComponentType }>(`${plugin.scope}/${plugin.routesModule.replace(/^\.\//, '')}`);
  // Marks for bench/ui and the browser's performance panel: when a plugin's code became usable.
  performance.mark(`lattice:remote-loaded:${plugin.name}`);
  if (!module?.default) {
    throw new Error(`${plugin.name} does not export a component from ${plugin.routesModule}`);
  }
  return { default: module.default };
}
