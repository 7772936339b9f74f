import type { PluginManifestEntry } from '@lattice/ui-sdk';

/** The router paths a plugin owns: everything under each of its menu URLs ("/documents/" → "/documents/*"). */
export function pluginRoutePaths(plugin: PluginManifestEntry): string[] {
  const paths = plugin.menus.map((menu) => `${menu.url.replace(/\/+$/, '')}/*`).filter((path) => path !== '/*');
  return [...new Set(paths)];
}

/** How a plugin is called on screen: its first main-navigation menu, else its name. */
export function pluginLabel(plugin: PluginManifestEntry): string {
  return plugin.menus.find((menu) => menu.location === 'mainNavigation')?.text ?? plugin.name;
}
