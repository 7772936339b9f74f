import type { PluginManifestEntry } from './plugins-manifest.js';

/**
 * The first path segments that are the platform's own: the shell's pages and what the front-end server
 * answers itself. No plugin's menu may lead there.
 */
export const platformPathSegments: readonly string[] = ['login', 'settings', 'home', 'plugins', 'plugins.json', 'gateway', 'dashboard', 'mobile-app', 'health', 'metrics'];

/** What a plugin claims for itself: its federation scope, the first segments of its menu URLs, its inbox kind and slots. */
export type ClaimingPlugin = Pick<PluginManifestEntry, 'name' | 'menus' | 'inboxIntegration' | 'inboxIntegrationSettings' | 'inboxIntegrationForm' | 'inboxConversationDetail'> & {
  scope?: string;
  /** Its entry's version (a hash of its bytes): two plugins running the very same build may share its scope. */
  entry?: { version: string };
};

/** One claim a plugin may not make, with whose it is and the field at fault. */
export interface ClaimConflict {
  plugin: string;
  claim: 'path' | 'kind' | 'scope';
  /** The segment, kind or scope claimed. */
  value: string;
  /** The plugin it belongs to, or `the platform`. */
  owner: string;
  /** In words, naming the field: `menus.0.url: "/documents/" is the documents plugin's path`. */
  reason: string;
}

const slots = ['inboxIntegrationSettings', 'inboxIntegrationForm', 'inboxConversationDetail'] as const;

/**
 * The claims each plugin may not make, in the order given (the platform's own plugins first, then
 * configs.json's order): a plugin may claim only what is its own. A path segment, an inbox kind or a
 * federation scope that is another enabled plugin's name is that plugin's (`/imap/`, kind `imap`); one an
 * earlier plugin claimed is that plugin's; `/login`, `/settings/…` and the server's own paths are the
 * platform's. An inbox kind carries its slots (settings, form, conversation view): a plugin that may not
 * have the kind has none of them either. A scope is the name its remote is registered and loaded by, so
 * another plugin's scope would load that plugin's pages from this one's code (the same build enabled
 * twice excepted, told by its entry version). A plugin with a conflict claims nothing, so it cannot block the
 * plugins after it. `names`: every enabled plugin's name, API-only ones included (default: those given).
 */
export function pluginClaimConflicts(plugins: ClaimingPlugin[], names: Iterable<string> = plugins.map((plugin) => plugin.name)): ClaimConflict[] {
  const enabled = new Set(names);
  const owners = { path: new Map<string, string>(), kind: new Map<string, string>(), scope: new Map<string, string>() };
  const versions = new Map(plugins.map((plugin) => [plugin.name, plugin.entry?.version]));
  const conflicts: ClaimConflict[] = [];
  for (const plugin of plugins) {
    const own: ClaimConflict[] = [];
    const ownerOf = (claim: ClaimConflict['claim'], value: string): string | undefined => {
      if (claim === 'path' && platformPathSegments.includes(value)) return 'the platform';
      if (enabled.has(value) && value !== plugin.name) return value;
      const earlier = owners[claim].get(value);
      if (earlier === undefined || earlier === plugin.name) return undefined;
      // One build enabled twice (by its entry and by its manifest, say) is one container: no takeover.
      const sameBuild = claim === 'scope' && plugin.entry !== undefined && versions.get(earlier) === plugin.entry.version;
      return sameBuild ? undefined : earlier;
    };
    const whose = (owner: string) => (owner === 'the platform' ? 'the platform' : `the ${owner} plugin`);
    plugin.menus.forEach((menu, index) => {
      const segment = firstSegment(menu.url);
      if (segment === undefined) {
        own.push({ plugin: plugin.name, claim: 'path', value: '/', owner: 'the platform', reason: `menus.${index}.url: "${menu.url}" is the platform's home page` });
        return;
      }
      const owner = ownerOf('path', segment);
      if (owner !== undefined) own.push({ plugin: plugin.name, claim: 'path', value: segment, owner, reason: `menus.${index}.url: "${menu.url}" is ${whose(owner)}'s path /${segment}/` });
    });
    const kind = plugin.inboxIntegration?.kind;
    if (kind !== undefined) {
      const owner = ownerOf('kind', kind);
      const offered = slots.filter((slot) => plugin[slot] !== undefined);
      const withSlots = offered.length > 0 ? ` (and with it the slots ${offered.join(', ')})` : '';
      if (owner !== undefined) own.push({ plugin: plugin.name, claim: 'kind', value: kind, owner, reason: `inboxIntegration.kind: "${kind}" is ${whose(owner)}'s inbox kind${withSlots}` });
    }
    if (plugin.scope !== undefined) {
      const owner = ownerOf('scope', plugin.scope);
      if (owner !== undefined) own.push({ plugin: plugin.name, claim: 'scope', value: plugin.scope, owner, reason: `scope: "${plugin.scope}" is ${whose(owner)}'s federation scope` });
    }
    conflicts.push(...own);
    if (own.length > 0) continue;
    for (const menu of plugin.menus) owners.path.set(firstSegment(menu.url)!, plugin.name);
    if (kind !== undefined) owners.kind.set(kind, plugin.name);
    if (plugin.scope !== undefined && !owners.scope.has(plugin.scope)) owners.scope.set(plugin.scope, plugin.name);
  }
  return conflicts;
}

function firstSegment(path: string): string | undefined {
  return path.split(/[/?#]/).find((part) => part !== '');
}
