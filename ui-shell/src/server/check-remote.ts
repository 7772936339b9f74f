import { latticePluginDescriptorFile, parseLatticePluginDescriptor, type LatticePluginDescriptor } from '@lattice/ui-sdk/config';
import { sharedIncompatibilities, shellSharedVersions } from './shared-compatibility.js';

/** A `ui: remote` plugin as configs.json gives it. */
export interface RemotePlugin {
  name: string;
  /** configs.json `ui_url`: the remote's `remoteEntry.js`. */
  remoteUrl: string;
}

export type RemoteCheck = { ok: true; descriptor: LatticePluginDescriptor } | { ok: false; reason: string };

export interface CheckRemoteOptions {
  /** Per request, for the descriptor and the entry alike. */
  timeoutMs?: number;
  /** The shared packages the shell provides and their versions (default: the installed ones). */
  provided?: Record<string, string>;
}

// A descriptor or an entry must always be the deployed one: a cached copy would name chunks that are gone.
const noCache = { 'cache-control': 'no-cache', pragma: 'no-cache' };

/** Where a remote's descriptor is: beside its entry. */
export function descriptorUrl(remoteUrl: string): string {
  return new URL(latticePluginDescriptorFile, remoteUrl).href;
}

/**
 * Fetches and validates a remote's descriptor, checks its shared ranges against what the shell provides,
 * and that its entry answers with a script. The reason of a refusal names the field at fault
 * (`lattice-plugin.json menus.0.location: …`, `lattice-plugin.json shared.react: needs ^18.0.0, the shell
 * has 19.3.1`, `ui_url: …`).
 */
export async function checkRemote(plugin: RemotePlugin, options: CheckRemoteOptions = {}): Promise<RemoteCheck> {
  const timeoutMs = options.timeoutMs ?? 5000;
  if (!URL.canParse(plugin.remoteUrl)) return { ok: false, reason: `ui_url: "${plugin.remoteUrl}" is not a URL` };
  const [descriptor, entryProblem] = await Promise.all([fetchDescriptor(plugin, timeoutMs), entryProblemOf(plugin.remoteUrl, timeoutMs)]);
  if (!descriptor.ok) return descriptor;
  const incompatible = sharedIncompatibilities(descriptor.descriptor.shared, options.provided ?? shellSharedVersions());
  if (incompatible.length > 0) return { ok: false, reason: `${latticePluginDescriptorFile} ${incompatible.join('; ')}` };
  if (entryProblem) return { ok: false, reason: `ui_url: ${entryProblem}` };
  return descriptor;
}

async function fetchDescriptor(plugin: RemotePlugin, timeoutMs: number): Promise<RemoteCheck> {
  const url = descriptorUrl(plugin.remoteUrl);
  const refuse = (problem: string): RemoteCheck => ({ ok: false, reason: `${latticePluginDescriptorFile} ${problem}` });
  let text: string;
  try {
    const response = await fetch(url, { headers: { ...noCache, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
    if (response.status !== 200) return refuse(`(root): ${url} answered HTTP ${response.status}`);
  } catch (error) {
    return refuse(`(root): ${url} could not be fetched (${reasonOf(error)})`);
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

/** Why the entry cannot be a remote's script (an error status, an HTML page), or undefined when it can. */
async function entryProblemOf(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(url, { headers: noCache, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (response.status !== 200) return `${url} answered HTTP ${response.status}`;
    const type = response.headers.get('content-type') ?? '';
    if (/html/i.test(type)) return `${url} answered ${type.split(';')[0]}, not a script`;
    return undefined;
  } catch (error) {
    return `${url} could not be fetched (${reasonOf(error)})`;
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}
