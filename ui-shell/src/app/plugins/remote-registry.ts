import type { ComponentType } from 'react';
import type { ApolloClient } from '@apollo/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PluginManifestEntry, RoutesPreload } from '@lattice/ui-sdk';
import { diagnosedLoadError } from './diagnose-entry-failure.js';
import { expectEntryIntegrity } from './entry-integrity-runtime.js';
import { RemoteComponentMissing } from './remote-load-errors.js';
import { withRemoteLoadTimeout } from './remote-load-timeout.js';
import { registerShellRuntimePlugins } from './shell-runtime-plugins.js';
import { pathInApp } from '../boot/app-base.js';

/** A plugin's routes module: the component the shell renders, and what to fetch before it renders. */
export interface RoutesModule {
  default: ComponentType;
  preload?: RoutesPreload;
}

/** What this tab knows of one plugin's remote, kept by its scope. */
interface RemoteState {
  /** Registered with the federation runtime (a first visit registers it). */
  registered: boolean;
  /** The last load failed: the runtime keeps a failed remote's state, so the next visit registers it afresh. */
  failed: boolean;
  /** The entry version whose code this tab runs, by plugin name: a later one in /plugins.json means a redeploy. */
  runningVersion?: { plugin: string; version: string };
  /** The load started before React asked for it (the page being opened is this plugin's); used once. */
  earlyLoad?: Promise<RoutesModule>;
  /** The routes module once loaded, so that its page can render it at once. */
  routes?: RoutesModule;
}

const remotes = new Map<string, RemoteState>();

function remoteState(scope: string): RemoteState {
  let state = remotes.get(scope);
  if (!state) {
    state = { registered: false, failed: false };
    remotes.set(scope, state);
  }
  return state;
}

/**
 * Starts loading a plugin's routes before React asks for them (the page being opened is that plugin's).
 * A failure here is not reported: the page's own load gets the same rejected promise and shows it.
 */
export function loadPluginRoutesEarly(plugin: PluginManifestEntry): void {
  const loading = loadPluginRoutes(plugin, false);
  loading.catch(() => undefined);
  remoteState(plugin.scope).earlyLoad = loading;
}

/** Lets each plugin loading early start its page's requests with the shell's client (see RoutesPreload). */
export function preloadEarlyPlugins(client: ApolloClient): void {
  const location = { pathname: pathInApp(window.location.pathname), search: window.location.search };
  for (const [scope, { earlyLoad }] of remotes) {
    earlyLoad?.then(
      (module) => {
        try {
          module.preload?.({ client, location });
        } catch (error) {
          // The page asks for its data itself anyway; a broken preload only costs the head start.
          console.error(`${scope}: preload failed`, error);
        }
      },
      () => undefined,
    );
  }
}

/** A plugin's routes module if it has already loaded: its page can then render it at once. */
export function loadedPluginRoutes(plugin: PluginManifestEntry): RoutesModule | undefined {
  return remotes.get(plugin.scope)?.routes;
}

/** The routes module for a page: the early load when there is one (used once), else a load now. */
export function pluginRoutesForPage(plugin: PluginManifestEntry, fresh: boolean): Promise<RoutesModule> {
  const state = remoteState(plugin.scope);
  const loading = state.earlyLoad;
  delete state.earlyLoad;
  return !fresh && loading ? loading : loadPluginRoutes(plugin, fresh);
}

/**
 * Registers a plugin's remote the first time one of its pages is visited, then loads its routes module.
 * Nothing is registered at start-up, so a dead remote can only affect its own pages. `fresh` drops
 * what the runtime cached for the remote (a failed entry included), for a retry.
 */
export async function loadPluginRoutes(plugin: PluginManifestEntry, fresh: boolean): Promise<RoutesModule> {
  const state = remoteState(plugin.scope);
  try {
    state.routes = await loadRoutesModule(plugin, fresh || state.failed);
    state.failed = false;
    return state.routes;
  } catch (error) {
    state.failed = true;
    delete state.routes;
    throw error;
  }
}

async function loadRoutesModule(plugin: PluginManifestEntry, fresh: boolean): Promise<RoutesModule> {
  performance.mark(`lattice:remote-load-start:${plugin.name}`);
  const module = await withRemoteLoadTimeout(loadExposedModule<Partial<RoutesModule>>(plugin, plugin.routesModule, fresh), plugin.name);
  // Marks for bench/ui and the browser's performance panel: when a plugin's code became usable.
  performance.mark(`lattice:remote-loaded:${plugin.name}`);
  if (!module?.default) throw new RemoteComponentMissing(plugin.name, plugin.routesModule);
  return { default: module.default, preload: module.preload };
}

/**
 * One module a plugin's remote exposes (`./routes`, or a component such as `./inboxConversationDetail`).
 * The remote is registered on first use; `fresh` registers it again, dropping what the runtime cached.
 */
export async function loadExposedModule<Module>(plugin: PluginManifestEntry, exposed: string, fresh: boolean): Promise<Module | null> {
  if (fresh || !remoteState(plugin.scope).registered) registerRemote(plugin);
  try {
    return await loadRemote<Module>(`${plugin.scope}/${exposed.replace(/^\.\//, '')}`);
  } catch (error) {
    // The runtime's "failed to load script" says nothing of why: ask the network which check the entry fails.
    throw await diagnosedLoadError(plugin, error);
  }
}

/** The entry version of each plugin whose remote this tab has registered, by plugin name. */
export function runningEntryVersions(): ReadonlyMap<string, string> {
  const versions = new Map<string, string>();
  for (const { runningVersion } of remotes.values()) if (runningVersion) versions.set(runningVersion.plugin, runningVersion.version);
  return versions;
}

/**
 * Registers a remote with the runtime as the front-end server found its entry (`entry` in /plugins.json):
 * a classic script (webpack, Rspack, Rsbuild) or an ES module (Vite), the one a manifest names, with the
 * hash of its descriptor for the browser to check. The dev server's manifest has no facts: a classic script.
 */
function registerRemote(plugin: PluginManifestEntry): void {
  registerShellRuntimePlugins();
  const state = remoteState(plugin.scope);
  const entry: Omit<NonNullable<PluginManifestEntry['entry']>, 'version'> = plugin.entry ?? { url: plugin.remoteEntry, type: 'script' };
  const url = new URL(entry.url, window.location.href).href;
  expectEntryIntegrity(url, entry.integrity);
  registerRemotes([{ name: plugin.scope, entry: url, ...(entry.type === 'module' ? { type: 'module' } : {}) }], { force: state.registered });
  state.registered = true;
  if (plugin.entry) state.runningVersion = { plugin: plugin.name, version: plugin.entry.version };
}
