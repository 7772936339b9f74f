import type { PluginsManifest } from '@lattice/ui-sdk';
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
  const preloads = plugin ? (plugin.preload ?? [plugin.remoteEntry]) : [];
  const tags = [
    ...preloads.map((href) => `<link rel="preload" as="script" href="${escapeAttribute(href)}">`),
    `<script id="${pluginsManifestElementId}" type="application/json">${scriptSafeJson(manifest)}</script>`,
  ];
  return template.replace('</head>', `${tags.join('')}</head>`);
}

// `<` as \u003c: a string in the manifest can then never close the script element.
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
