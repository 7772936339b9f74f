import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { entryKind } from './entry-kind.js';
import { entryHashMismatch, integrityOf } from './entry-integrity.js';
import { manifestEntry } from './manifest-entry.js';

/** What the shell must know before it hands a remote's entry to the federation runtime. */
export interface RemoteEntryFacts {
  /** The entry script: `ui_url`, or the one its manifest names. */
  url: string;
  kind: 'module' | 'script';
  /** The descriptor's `entryHash`, for the browser to check the script with (not for a manifest's entry). */
  integrity?: string;
}

// Always the deployed descriptor and entry, never a cached copy naming chunks that are gone.
const fresh: RequestInit = { cache: 'no-cache', credentials: 'omit' };

/**
 * A `ui: remote` plugin's entry is its absolute `ui_url`, on the remote's own origin; a local plugin's
 * is a path the shell itself serves from its build, and is neither inspected nor hashed.
 */
export function isSelfDescribingRemote(plugin: PluginManifestEntry): boolean {
  return URL.canParse(plugin.remoteEntry);
}

/**
 * Reads a remote's descriptor and entry from the browser (the remote serves both with CORS): the entry's
 * kind (classic script, ES module, or a manifest naming either), and, when the descriptor carries an
 * `entryHash`, a refusal naming both hashes if the file at `ui_url` does not match it, before any code runs.
 */
export async function inspectRemoteEntry(plugin: PluginManifestEntry, entryUrl: string): Promise<RemoteEntryFacts> {
  const [entryHash, entry] = await Promise.all([descriptorEntryHash(plugin.name, entryUrl), fetchBytes(plugin.name, entryUrl)]);
  if (entryHash) {
    const served = await integrityOf(entry, entryHash);
    if (served !== undefined && served !== entryHash) throw entryHashMismatch(plugin.name, entryUrl, entryHash, served);
  }
  const text = new TextDecoder().decode(entry);
  const kind = entryKind(entryUrl, text);
  if (kind === 'manifest') return manifestEntryOf(plugin.name, entryUrl, text);
  return entryHash ? { url: entryUrl, kind, integrity: entryHash } : { url: entryUrl, kind };
}

function manifestEntryOf(name: string, manifestUrl: string, text: string): RemoteEntryFacts {
  try {
    return manifestEntry(manifestUrl, JSON.parse(text));
  } catch (error) {
    throw new Error(`${name}: ${error instanceof SyntaxError ? `${manifestUrl} is not JSON` : (error as Error).message}`, { cause: error });
  }
}

async function descriptorEntryHash(name: string, entryUrl: string): Promise<string | undefined> {
  const url = new URL('lattice-plugin.json', entryUrl).href;
  const descriptor = JSON.parse(new TextDecoder().decode(await fetchBytes(name, url))) as { entryHash?: unknown };
  return typeof descriptor.entryHash === 'string' ? descriptor.entryHash : undefined;
}

async function fetchBytes(name: string, url: string): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(url, fresh);
  } catch (error) {
    // The front-end server read it a moment ago: most often the remote sends no CORS header for this origin.
    throw new Error(`${name}: ${url} could not be fetched (${error instanceof Error ? error.message : String(error)}; does it allow this origin with CORS?)`, { cause: error });
  }
  if (!response.ok) throw new Error(`${name}: ${url} answered HTTP ${response.status}`);
  return response.arrayBuffer();
}
