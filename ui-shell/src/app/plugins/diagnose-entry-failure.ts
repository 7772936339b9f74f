import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { RemoteComponentMissing, RemoteEntryCheckFailed, RemoteLoadTimedOut } from './remote-load-errors.js';

/**
 * Why a plugin's entry did not load, asked of the network once it failed (a script tag's error says
 * nothing): no answer even without CORS (`network`), an answer the browser may not read from this origin
 * (`cors`), an error status (`network`), or bytes that do not match the hash it was published with
 * (`integrity`). Undefined when the entry is fine: the failure was elsewhere (a chunk, the remote's code),
 * and the original error says more.
 */
export async function entryFailureCheck(url: string, integrity: string | undefined): Promise<RemoteEntryCheckFailed | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', mode: 'cors', credentials: 'omit' });
  } catch (error) {
    try {
      await fetch(url, { cache: 'no-store', mode: 'no-cors', credentials: 'omit' });
      return new RemoteEntryCheckFailed('cors', url);
    } catch {
      return new RemoteEntryCheckFailed('network', url, error instanceof Error ? error.message : String(error));
    }
  }
  if (!response.ok) return new RemoteEntryCheckFailed('network', url, `HTTP ${response.status}`);
  if (!integrity || !globalThis.crypto?.subtle) return undefined;
  const [algorithm, expected] = integrity.split(/-(.*)/s) as [string, string];
  const name = { sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' }[algorithm];
  if (!name) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest(name, await response.arrayBuffer()));
  const served = btoa(String.fromCharCode(...digest));
  return served === expected ? undefined : new RemoteEntryCheckFailed('integrity', url, integrity);
}

/**
 * The error a failed load of `plugin` is shown with: the shell's own reasons as they are, else which check
 * its entry fails when one does (`entryFailureCheck`), else the original error.
 */
export async function diagnosedLoadError(plugin: PluginManifestEntry, error: unknown): Promise<unknown> {
  if (error instanceof RemoteLoadTimedOut || error instanceof RemoteComponentMissing) return error;
  const entry = plugin.entry ?? { url: plugin.remoteEntry, integrity: undefined };
  try {
    return (await entryFailureCheck(new URL(entry.url, window.location.href).href, entry.integrity)) ?? error;
  } catch {
    return error;
  }
}
