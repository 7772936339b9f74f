import { menuText, sourceLocale, type PluginManifestEntry } from '@lattice/ui-sdk';

/**
 * The router paths a plugin owns: everything under the first segment of each of its menu URLs
 * ("/documents/" and "/documents/settings" → "/documents/*"), so the plugin's own <Routes> see the
 * same base whichever menu led there.
 */
export function pluginRoutePaths(plugin: PluginManifestEntry): string[] {
  const segments = plugin.menus.map((menu) => menu.url.split('/').find((segment) => segment !== '')).filter((segment) => segment !== undefined);
  return [...new Set(segments)].map((segment) => `/${segment}/*`);
}

/**
 * How a plugin is called on screen: its first main-navigation menu (in the user's language), else the name of
 * the inbox integration it offers ("IMAP"), else its name (a machine name such as "imap").
 */
export function pluginLabel(plugin: PluginManifestEntry, locale: string = sourceLocale): string {
  const menu = plugin.menus.find((candidate) => candidate.location === 'mainNavigation');
  return menu ? menuText(menu, locale) : (plugin.inboxIntegration?.name ?? plugin.name);
}

/** The title of a plugin's page: the menu whose URL is the longest prefix of the path, else the plugin's label. */
export function pluginPageTitle(plugin: PluginManifestEntry, pathname: string, locale: string = sourceLocale): string {
  const trimmed = (url: string) => url.replace(/\/+$/, '');
  const path = trimmed(pathname);
  const matches = plugin.menus.filter((menu) => path === trimmed(menu.url) || path.startsWith(`${trimmed(menu.url)}/`));
  const best = matches.sort((a, b) => trimmed(b.url).length - trimmed(a.url).length)[0];
  return best ? menuText(best, locale) : pluginLabel(plugin, locale);
}
