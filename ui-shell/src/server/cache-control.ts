import { basename } from 'node:path';

// Files whose name stays the same across deploys: a cached copy would point at chunks that are gone.
const alwaysRevalidate = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'ui-plugin.json', 'lattice-plugin.json', 'plugins.json']);
const contentHashed = /\.[0-9a-f]{8,}\.(?:js|css|mjs|woff2?|svg|png)$/;

/** The Cache-Control of a built file: content-hashed files never change, everything else is revalidated. */
export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (!alwaysRevalidate.has(name) && contentHashed.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
