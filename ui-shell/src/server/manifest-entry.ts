/** The entry a Module Federation manifest (`mf-manifest.json`) names, and how it must be loaded. */
export interface ManifestEntry {
  url: string;
  type: 'module' | 'script';
}

interface ManifestMetaData {
  remoteEntry?: { name?: unknown; path?: unknown; type?: unknown };
  publicPath?: unknown;
  getPublicPath?: unknown;
}

/**
 * Reads the remote entry out of a remote's `mf-manifest.json`: its file under `publicPath` (`auto`: the
 * manifest's own folder) and its type (`module`/`esm`, else a classic script). The shell's federation
 * runtime is built without manifest support (it would fetch every remote's manifest at start), so the
 * front-end server reads the manifest and gives the shell the entry it names. `getPublicPath` (code to run) is not taken.
 */
export function manifestEntry(manifestUrl: string, manifest: unknown): ManifestEntry {
  const metaData = (manifest as { metaData?: ManifestMetaData } | null)?.metaData;
  const name = metaData?.remoteEntry?.name;
  if (typeof name !== 'string' || name === '') throw new Error(`${manifestUrl} names no metaData.remoteEntry.name`);
  if (metaData?.getPublicPath !== undefined && metaData.publicPath === undefined) {
    throw new Error(`${manifestUrl}: metaData.getPublicPath is not supported, give metaData.publicPath`);
  }
  const publicPath = typeof metaData?.publicPath === 'string' && metaData.publicPath !== 'auto' ? new URL(metaData.publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
  const path = typeof metaData?.remoteEntry?.path === 'string' ? metaData.remoteEntry.path.replace(/^\/+|\/+$/g, '') : '';
  const url = new URL(path ? `${path}/${name}` : name, publicPath.endsWith('/') ? publicPath : `${publicPath}/`).href;
  const type = metaData?.remoteEntry?.type;
  return { url, type: type === 'module' || type === 'esm' ? 'module' : 'script' };
}
