import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginManifestEntry, PluginsManifest, RefusedPlugin } from '@lattice/ui-sdk';
import { latticePluginDescriptorFile, pluginClaimConflicts, type UiPluginConfig } from '@lattice/ui-sdk/config';
import { checkRemote, type RemoteCheck, type RemotePlugin } from './check-remote.js';
import { entryVersionOf } from './entry-integrity.js';
import type { FrontendPlugin } from './frontend-plugin.js';
import { pluginBuildDir } from './plugin-build-dir.js';
import { readPluginConfig } from './read-plugin-config.js';

export interface PluginsManifestOptions {
  plugins: FrontendPlugin[];
  pluginsRoot?: string;
  /** Told about each plugin left out, and why. */
  onSkip?: (name: string, reason: string) => void;
  /** A remote's descriptor check; defaults to fetching it now (the server passes its periodic one). */
  checkRemote?: (remote: RemotePlugin) => RemoteCheck | Promise<RemoteCheck>;
  /** How long the shell waits for a remote's code before showing its panel. */
  remoteLoadTimeoutMs?: number;
  /** How often an open tab asks for /plugins.json again, to offer a reload when a plugin was redeployed. */
  updateCheckMs?: number;
}

type Outcome = PluginManifestEntry | RefusedPlugin | undefined;

/**
 * `/plugins.json`: every configs.json plugin that has a UI, in configs.json order. A plugin without a UI
 * build (an API-only plugin, or a UI not built yet) is left out rather than failing the shell; a remote
 * whose descriptor or entry is wrong is left out too, and listed in `refused` with the field at fault.
 */
export async function buildPluginsManifest(options: PluginsManifestOptions): Promise<PluginsManifest> {
  const outcomes = await Promise.all(options.plugins.map((plugin) => manifestEntry(plugin, options)));
  const loadable = outcomes.filter((outcome): outcome is PluginManifestEntry => outcome !== undefined && 'remoteEntry' in outcome);
  const refused = outcomes.filter((outcome): outcome is RefusedPlugin => outcome !== undefined && 'check' in outcome);
  const claimsRefused = refusedClaims(loadable, options);
  const manifest: PluginsManifest = { plugins: loadable.filter((plugin) => !claimsRefused.has(plugin.name)) };
  refused.push(...claimsRefused.values());
  if (refused.length > 0) manifest.refused = refused;
  if (options.remoteLoadTimeoutMs !== undefined) manifest.remoteLoadTimeoutMs = options.remoteLoadTimeoutMs;
  if (options.updateCheckMs !== undefined) manifest.updateCheckMs = options.updateCheckMs;
  return manifest;
}

/**
 * The plugins that claim what is not theirs (another plugin's path, inbox kind or scope, or the platform's
 * pages: ui-sdk `pluginClaimConflicts`), each refused whole with every such claim named: half a plugin (its
 * page without its kind, say) would be harder to understand than a missing one with a reason. The
 * platform's own `ui: local` builds claim first, then remotes in configs.json order.
 */
function refusedClaims(plugins: PluginManifestEntry[], options: PluginsManifestOptions): Map<string, RefusedPlugin> {
  const local = new Set(options.plugins.filter((plugin) => plugin.ui === 'local').map((plugin) => plugin.name));
  const ordered = [...plugins.filter((plugin) => local.has(plugin.name)), ...plugins.filter((plugin) => !local.has(plugin.name))];
  const refused = new Map<string, RefusedPlugin>();
  for (const conflict of pluginClaimConflicts(ordered, options.plugins.map((plugin) => plugin.name))) {
    const earlier = refused.get(conflict.plugin);
    const file = local.has(conflict.plugin) ? 'ui-plugin.config.json' : latticePluginDescriptorFile;
    const reason = earlier ? `${earlier.reason}; ${conflict.reason}` : `${file} ${conflict.reason}`;
    refused.set(conflict.plugin, { name: conflict.plugin, check: 'claim', reason });
  }
  for (const [name, refusal] of refused) options.onSkip?.(name, refusal.reason!);
  return refused;
}

async function manifestEntry(plugin: FrontendPlugin, options: PluginsManifestOptions): Promise<Outcome> {
  if (!plugin.ui) return undefined;
  if (plugin.ui === 'remote') return remoteEntry(plugin, options);
  const buildDir = pluginBuildDir(plugin.name, options.pluginsRoot);
  let config: UiPluginConfig | undefined;
  try {
    config = buildDir ? await readPluginConfig(buildDir) : undefined;
  } catch (error) {
    // A hand-edited build must not take the other plugins down with it.
    const reason = error instanceof Error ? error.message : String(error);
    options.onSkip?.(plugin.name, reason);
    return { name: plugin.name, check: 'build', reason };
  }
  if (!config) {
    options.onSkip?.(plugin.name, buildDir ? `no UI build in ${buildDir}` : `no package @lattice/ui-plugin-${plugin.name}`);
    return undefined;
  }
  const base = `/plugins/${plugin.name}/`;
  const [routesScripts, version] = await Promise.all([exposedScripts(buildDir!, config.routes.module), entryVersion(buildDir!)]);
  const entry = toManifestEntry(config, `${base}remoteEntry.js`);
  if (version) entry.entry = { url: versionedUrl(entry.remoteEntry, version), type: 'script', version };
  return { ...entry, preload: [entry.entry?.url ?? entry.remoteEntry, ...routesScripts.map((file) => base + file)] };
}

/** The version of a local build's entry (read on each request: a rebuild in place shows at once). */
async function entryVersion(buildDir: string): Promise<string | undefined> {
  try {
    return entryVersionOf(await readFile(join(buildDir, 'remoteEntry.js')));
  } catch {
    return undefined;
  }
}

async function remoteEntry(plugin: FrontendPlugin, options: PluginsManifestOptions): Promise<Outcome> {
  if (!plugin.remoteUrl) {
    const reason = 'ui_url: is required when ui is "remote"';
    options.onSkip?.(plugin.name, reason);
    return { name: plugin.name, check: 'descriptor', reason };
  }
  const remote = { name: plugin.name, remoteUrl: plugin.remoteUrl };
  const check = await (options.checkRemote ?? checkRemote)(remote);
  if (!check.ok) {
    options.onSkip?.(plugin.name, check.reason);
    return { name: plugin.name, check: check.check, reason: check.reason };
  }
  return { ...toManifestEntry(check.descriptor, plugin.remoteUrl), entry: { ...check.entry, url: versionedUrl(check.entry.url, check.entry.version) } };
}

/**
 * The entry's URL with its version (`?v=…`, from the hash of its bytes): a redeployed entry has another
 * URL, so the browser fetches it anew whatever cache headers its server sends (`max-age=3600`, say),
 * while an unchanged one stays cached. A relative URL stays relative.
 */
export function versionedUrl(url: string, version: string): string {
  const token = version.replace(/^sha\d+-/, '').replace(/[+/=]/g, (character) => ({ '+': '-', '/': '_', '=': '' })[character] ?? '').slice(0, 16);
  const [path, hash = ''] = url.split('#', 2) as [string, string?];
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}v=${token}${hash ? `#${hash}` : ''}`;
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

type ManifestSource = Pick<UiPluginConfig, 'name' | 'scope' | 'menus' | 'inboxIntegration' | 'inboxIntegrationSettings' | 'inboxIntegrationForm' | 'inboxConversationDetail' | 'dashboardWidget'> & {
  routes: { module: string };
};

export function toManifestEntry(config: ManifestSource, remoteEntry: string): PluginManifestEntry {
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
  if (config.dashboardWidget) entry.dashboardWidget = config.dashboardWidget;
  return entry;
}
