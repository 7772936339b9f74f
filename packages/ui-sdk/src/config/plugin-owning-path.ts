import type { PluginManifestEntry } from './plugins-manifest.js';

/**
 * The plugin whose pages live under a path: a plugin owns the first segment of each of its menu URLs
 * ("/documents/" owns "/documents/…"). Undefined for the shell's own pages.
 */
export function pluginOwningPath<Entry extends Pick<PluginManifestEntry, 'menus'>>(plugins: Entry[], pathname: string): Entry | undefined {
  const segment = firstSegment(pathname);
  if (segment === undefined) return undefined;
  return plugins.find((plugin) => plugin.menus.some((menu) => firstSegment(menu.url) === segment));
}

function firstSegment(path: string): string | undefined {
  return path.split('/').find((part) => part !== '');
}
