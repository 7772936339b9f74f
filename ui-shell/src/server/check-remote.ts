import type { RefusalCheck } from '@lattice/ui-sdk';
import { latticePluginDescriptorFile, parseLatticePluginDescriptor, type LatticePluginDescriptor } from '@lattice/ui-sdk/config';
import { buildManifestIncompatibilities } from './build-manifest-shared.js';
import { fetchEntryFile, noCacheHeaders, unreachableReason } from './fetch-entry-file.js';
import { remoteEntryFacts, type RemoteEntryFacts } from './remote-entry-facts.js';
import { sharedIncompatibilities, shellSharedVersions } from './shared-compatibility.js';

/** A `ui: remote` plugin as configs.json gives it. */
export interface RemotePlugin {
  name: string;
  /** configs.json `ui_url`: the remote's `remoteEntry.js`, or its `mf-manifest.json`. */
  remoteUrl: string;
}

/** A refusal: which check failed, and the field at fault in words. */
export type RemoteRefusal = { ok: false; check: RefusalCheck; reason: string };

export type RemoteCheck = { ok: true; descriptor: LatticePluginDescriptor; entry: RemoteEntryFacts } | RemoteRefusal;

export interface CheckRemoteOptions {
  /** Per request, for the descriptor and the entry alike. */
  timeoutMs?: number;
  /** The shared packages the shell provides and their versions (default: the installed ones). */
  provided?: Record<string, string>;
}

/** Where a remote's descriptor is: beside its entry. */
export function descriptorUrl(remoteUrl: string): string {
  return new URL(latticePluginDescriptorFile, remoteUrl).href;
}

/**
 * Fetches and validates a remote's descriptor, checks its shared ranges against what the shell provides,
 * and reads its entry: that it answers with a script, that it matches the descriptor's `entryHash`, and
 * what the browser needs to load it (`RemoteEntryFacts`). The reason of a refusal names the field at fault
 * (`lattice-plugin.json menus.0.location: …`, `lattice-plugin.json shared.react: needs ^18.0.0, the shell
 * has 19.3.1`, `lattice-plugin.json entryHash: …`, `ui_url: …`).
 */
export async function checkRemote(plugin: RemotePlugin, options: CheckRemoteOptions = {}): Promise<RemoteCheck> {
  const timeoutMs = options.timeoutMs ?? 5000;
  if (!URL.canParse(plugin.remoteUrl)) return { ok: false, check: 'descriptor', reason: `ui_url: "${plugin.remoteUrl}" is not a URL` };
  const [descriptor, served] = await Promise.all([fetchDescriptor(plugin, timeoutMs), fetchEntryFile(plugin.remoteUrl, timeoutMs)]);
  if (!descriptor.ok) return descriptor;
  const incompatible = sharedIncompatibilities(descriptor.descriptor.shared, options.provided ?? shellSharedVersions());
  if (incompatible.length > 0) return { ok: false, check: 'version', reason: `${latticePluginDescriptorFile} ${incompatible.join('; ')}` };
  const entry = await remoteEntryFacts(plugin.remoteUrl, served, descriptor.descriptor.entryHash, timeoutMs);
  if (!entry.ok) return entry;
  // What the remote's own build says it shares (its mf-manifest.json), not only what its descriptor declares.
  const built = await buildManifestIncompatibilities(plugin.remoteUrl, served, options.provided ?? shellSharedVersions(), timeoutMs);
  if (built) return { ok: false, ...built };
  return { ok: true, descriptor: descriptor.descriptor, entry: entry.entry };
}

type DescriptorFetch = { ok: true; descriptor: LatticePluginDescriptor } | RemoteRefusal;

async function fetchDescriptor(plugin: RemotePlugin, timeoutMs: number): Promise<DescriptorFetch> {
  const url = descriptorUrl(plugin.remoteUrl);
  const refuse = (problem: string, check: RefusalCheck = 'descriptor'): DescriptorFetch => ({ ok: false, check, reason: `${latticePluginDescriptorFile} ${problem}` });
  let text: string;
  try {
    const response = await fetch(url, { headers: { ...noCacheHeaders, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
    if (response.status !== 200) return refuse(`(root): ${url} answered HTTP ${response.status}`, 'network');
  } catch (error) {
    return refuse(`(root): ${url} could not be fetched (${unreachableReason(error)})`, 'network');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(`(root): ${url} is not JSON`);
  }
  const parsed = parseLatticePluginDescriptor(json);
  if (!parsed.success) return refuse(parsed.problems.join('; '));
  if (parsed.descriptor.name !== plugin.name) {
    return refuse(`name: is "${parsed.descriptor.name}", but configs.json enables "${plugin.name}"`);
  }
  return { ok: true, descriptor: parsed.descriptor };
}
