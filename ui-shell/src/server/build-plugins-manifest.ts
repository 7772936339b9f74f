import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginManifestEntry, PluginsManifest } from '@lattice/ui-sdk';
import type { UiPluginConfig } from '@lattice/ui-sdk/config';
import type { FrontendPlugin } from './frontend-plugin.js';
import { pluginBuildDir } from './plugin-build-dir.js';
import { readPluginConfig } from './read-plugin-config.js';

export interface PluginsManifestOptions {
  plugins: FrontendPlugin[];
  pluginsRoot?: string;
  /** Told about each plugin left out, and why. */
  onSkip?: (name: string, reason: string) => void;
}

/**
 * `/plugins.json`: every configs.json plugin that has a UI, in configs.json order. A plugin without a UI
 * build (an API-only plugin, or a UI not built yet) is left out rather than failing the shell.
 */
export async function buildPluginsManifest(options: PluginsManifestOptions): Promise<PluginsManifest> {
  const entries = await Promise.all(options.plugins.map((plugin) => manifestEntry(plugin, options)));
  return { plugins: entries.filter((entry): entry is PluginManifestEntry => entry !== undefined) };
}

async function manifestEntry(plugin: FrontendPlugin, options: PluginsManifestOptions): Promise<PluginManifestEntry | undefined> {
  if (!plugin.ui) return undefined;
  if (plugin.ui === 'remote' && !plugin.remoteUrl) {
    options.onSkip?.(plugin.name, 'it is `ui: remote` but configs.json gives no `ui_url`');
    return undefined;
  }
  const buildDir = pluginBuildDir(plugin.name, options.pluginsRoot);
  const config = buildDir ? await readPluginConfig(buildDir, plugin.ui === 'remote') : undefined;
  if (!config) {
    options.onSkip?.(plugin.name, buildDir ? `no UI build in ${buildDir}` : `no package @lattice/ui-plugin-${plugin.name}`);
    return undefined;
  }
  if (plugin.ui === 'remote') return toManifestEntry(config, plugin.remoteUrl!);
  const base = `/plugins/${plugin.name}/`;
  const routesScripts = await exposedScripts(buildDir!, config.routes.module);
  return { ...toManifestEntry(config, `${base}remoteEntry.js`), preload: [`${base}remoteEntry.js`, ...routesScripts.map((file) => base + file)] };
}

/** The scripts of one exposed module, from the build's mf-manifest.json (none when it cannot be read). */
async function exposedScripts(buildDir: string, module: string): Promise<string[]> {
  try {
    const manifest = JSON.parse(await readFile(join(buildDir, 'mf-manifest.json'), 'utf8')) as {
      exposes?: Array<{ path: string; assets?: { js?: { sync?: string[] } } }>;
    };
    return manifest.exposes?.find((expose) => expose.path === module)?.assets?.js?.sync ?? [];
  } catch {
    return [];
  }
}

export function toManifestEntry(config: UiPluginConfig, remoteEntry: string): PluginManifestEntry {
  const entry: PluginManifestEntry = {
    name: config.name,
    scope: config.scope,
    remoteEntry,
    routesModule: config.routes.module,
    menus: config.menus,
  };
  if (config.inboxIntegration) entry.inboxIntegration = config.inboxIntegration;
  if (config.inboxIntegrationSettings) entry.inboxIntegrationSettings = config.inboxIntegrationSettings;
  if (config.inboxIntegrationForm) entry.inboxIntegrationForm = config.inboxIntegrationForm;
  if (config.inboxConversationDetail) entry.inboxConversationDetail = config.inboxConversationDetail;
  return entry;
}
