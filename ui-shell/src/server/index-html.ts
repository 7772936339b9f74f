import type { PluginManifestEntry, PluginsManifest } from '@lattice/ui-sdk';
import { pluginOwningPath } from '@lattice/ui-sdk/config';

/** The id of the element that carries `/plugins.json` inside index.html. */
export const pluginsManifestElementId = 'lattice-plugins';

/**
 * The shell's index.html for one page: with the plugins manifest inlined, so the shell need not ask for
 * it once its main script has run, and with preload links for the scripts of the plugin that owns the
 * page, so they download alongside the shell's own instead of after it.
 */
export function indexHtmlFor(template: string, manifest: PluginsManifest, pathname: string): string {
  const plugin = pluginOwningPath(manifest.plugins, pathname);
  const tags = [
    ...(plugin ? preloadLinks(plugin) : []),
    `<script id="${pluginsManifestElementId}" type="application/json">${scriptSafeJson(manifest)}</script>`,
  ];
  return template.replace('</head>', `${tags.join('')}</head>`);
}

/**
 * A local build's entry and routes chunks; a remote's entry as the loader will ask for it, so the browser
 * reuses the download: an ES module as one, and a script with a hash in CORS mode with that hash.
 */
function preloadLinks(plugin: PluginManifestEntry): string[] {
  if (plugin.preload) return plugin.preload.map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`);
  const entry: Omit<NonNullable<PluginManifestEntry['entry']>, 'version'> = plugin.entry ?? { url: plugin.remoteEntry, type: 'script' };
  const integrity = entry.integrity ? ` integrity="${escapeAttribute(entry.integrity)}"` : '';
  if (entry.type === 'module') return [`<link rel="modulepreload" href="${escapeAttribute(entry.url)}"${integrity}>`];
  return [`<link rel="preload" as="script" href="${escapeAttribute(entry.url)}"${integrity}${integrity ? ' crossorigin="anonymous"' : ''}>`];
}

// `<` as \u003c: a string in the manifest can then never close the script element.
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
