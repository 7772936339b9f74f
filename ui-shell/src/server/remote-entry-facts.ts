import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { entryHashMismatch, entryVersionOf, integrityOf } from './entry-integrity.js';
import { entryKind } from './entry-kind.js';
import { fetchEntryFile, type FetchedEntryFile } from './fetch-entry-file.js';
import { manifestEntry } from './manifest-entry.js';

/** What `/plugins.json` tells the shell of a plugin's entry, so the browser loads it without reading it first. */
export type RemoteEntryFacts = NonNullable<PluginManifestEntry['entry']>;

export type RemoteEntryCheck = { ok: true; entry: RemoteEntryFacts } | { ok: false; check: 'network' | 'integrity' | 'descriptor'; reason: string };

/**
 * From the file served at `ui_url` (`served`): refuses it when the descriptor's `entryHash` does not match
 * its bytes (both hashes in the reason), then finds the script the browser must run and how: the file
 * itself, a classic script or an ES module told by its syntax, or the entry a `mf-manifest.json` names,
 * fetched to learn its version. The `integrity` given to the browser is the descriptor's `entryHash`, so
 * the browser checks the bytes it runs too; it covers the file at `ui_url`, so a manifest's entry has none.
 */
export async function remoteEntryFacts(url: string, served: FetchedEntryFile, entryHash: string | undefined, timeoutMs: number): Promise<RemoteEntryCheck> {
  if (!served.ok) return { ok: false, check: 'network', reason: `ui_url: ${served.problem}` };
  if (entryHash) {
    const hash = integrityOf(served.bytes, entryHash);
    if (hash !== entryHash) return { ok: false, check: 'integrity', reason: entryHashMismatch(url, entryHash, hash) };
  }
  const text = new TextDecoder().decode(served.bytes);
  const kind = entryKind(url, text);
  if (kind !== 'manifest') {
    return { ok: true, entry: { url, type: kind, ...(entryHash ? { integrity: entryHash } : {}), version: entryVersionOf(served.bytes) } };
  }
  let named: ReturnType<typeof manifestEntry>;
  try {
    named = manifestEntry(url, JSON.parse(text));
  } catch (error) {
    return { ok: false, check: 'descriptor', reason: `ui_url: ${error instanceof SyntaxError ? `${url} is not JSON` : (error as Error).message}` };
  }
  const entry = await fetchEntryFile(named.url, timeoutMs);
  if (!entry.ok) return { ok: false, check: 'network', reason: `ui_url: the entry its manifest names: ${entry.problem}` };
  return { ok: true, entry: { url: named.url, type: named.type, version: entryVersionOf(entry.bytes) } };
}
