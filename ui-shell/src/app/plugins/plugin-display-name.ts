import { menuText, type PluginManifestEntry } from '@lattice/ui-sdk';

/**
 * What users call a plugin, in their language: the text of its main navigation menu ("Posteingang"), else the
 * name of the inbox integration it offers ("IMAP"), else its id. The UI plugin configuration has no display
 * name of its own, and the id ("inbox") is a machine name.
 */
export function pluginDisplayName(plugin: Pick<PluginManifestEntry, 'name' | 'menus' | 'inboxIntegration'>, locale: string): string {
  const main = plugin.menus.find((menu) => menu.location === 'mainNavigation');
  if (main) return menuText(main, locale);
  return plugin.inboxIntegration?.name ?? plugin.name;
}
