import { checkRemote, type RemoteCheck, type RemotePlugin } from './check-remote.js';
import { shellSharedVersions } from './shared-compatibility.js';

export interface RemoteDescriptorsOptions {
  remotes: RemotePlugin[];
  /** How often descriptors and entries are fetched again, so a remote's new menus and code show without a restart. */
  refreshMs: number;
  timeoutMs?: number;
  /** Told once each time a remote becomes refused (or is refused for another reason). */
  onRefused?: (name: string, reason: string) => void;
  /** Told once when a refused remote is accepted again. */
  onAccepted?: (name: string) => void;
}

export interface RemoteDescriptors {
  /** The last check of a remote (undefined for a plugin that is not a remote). */
  current(name: string): RemoteCheck | undefined;
  /** Checks every remote now. */
  refresh(): Promise<void>;
  stop(): void;
}

/**
 * The descriptors and entries of the `ui: remote` plugins, fetched at start and then every `refreshMs`, so
 * pages and `/plugins.json` never wait on a remote's server, one slow or broken remote costs the others
 * nothing, and a redeployed entry shows in `/plugins.json` as another version within `refreshMs`.
 */
export async function watchRemoteDescriptors(options: RemoteDescriptorsOptions): Promise<RemoteDescriptors> {
  const checks = new Map<string, RemoteCheck>();
  let running: Promise<void> | undefined;
  const provided = shellSharedVersions();

  async function checkOne(remote: RemotePlugin): Promise<void> {
    const check = await checkRemote(remote, { timeoutMs: options.timeoutMs, provided });
    const previous = checks.get(remote.name);
    checks.set(remote.name, check);
    if (!check.ok && (previous?.ok !== false || previous.reason !== check.reason)) options.onRefused?.(remote.name, check.reason);
    if (check.ok && previous?.ok === false) options.onAccepted?.(remote.name);
  }

  const refresh = (): Promise<void> => {
    // One round at a time: a slow remote must not pile up requests at every tick.
    running ??= Promise.all(options.remotes.map(checkOne)).then(() => {
      running = undefined;
    });
    return running;
  };

  await refresh();
  const timer = options.remotes.length > 0 ? setInterval(() => void refresh(), options.refreshMs) : undefined;
  timer?.unref();
  return {
    current: (name) => checks.get(name),
    refresh,
    stop: () => clearInterval(timer),
  };
}
