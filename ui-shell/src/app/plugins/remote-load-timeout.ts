import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { expectedEntryIntegrity } from './entry-integrity-runtime.js';
import { RemoteLoadTimedOut } from './remote-load-errors.js';

/** How long a remote gets, by default, before its page shows the panel instead of a loader. */
export const defaultRemoteLoadTimeoutMs = 8000;

let timeoutMs = defaultRemoteLoadTimeoutMs;

/** The time-out the front-end server gives in /plugins.json (`remoteLoadTimeoutMs`). */
export function setRemoteLoadTimeout(ms: number | undefined): void {
  if (ms && ms > 0) timeoutMs = ms;
}

export function remoteLoadTimeoutMs(): number {
  return timeoutMs;
}

/**
 * Makes the federation runtime give up on a remote's script soon after the time-out rather than after its
 * own 20 s (see shell-runtime-plugins.ts).
 */
export const remoteLoadTimeoutPlugin: ModuleFederationRuntimePlugin = {
  name: 'lattice-remote-load-timeout',
  createScript: ({ url, attrs }) => {
    const script = document.createElement('script');
    // The runtime applies no attributes once a hook answers, so the hook applies them.
    script.type = attrs?.type === 'module' ? 'module' : 'text/javascript';
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') script[name] = Boolean(value);
      else if (name !== 'type') script.setAttribute(name, String(value));
    }
    // The runtime takes one script element from the hooks, so this one also carries the entry's hash:
    // the browser then runs the entry only if it matches (cross-origin, this needs CORS).
    const integrity = expectedEntryIntegrity(url);
    if (integrity) {
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
    }
    script.src = url;
    // A second after the load's own time-out (withRemoteLoadTimeout), whose message names the plugin:
    // this one only ends the runtime's wait, so that Retry starts afresh.
    return { script, timeout: timeoutMs + 1000 };
  },
};

/** `loading`, or a rejection naming the remote once the time-out has passed (a hung chunk, not only the entry). */
export function withRemoteLoadTimeout<T>(loading: Promise<T>, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadTimedOut(name, timeoutMs / 1000)), timeoutMs);
  });
  return Promise.race([loading, expired]).finally(() => clearTimeout(timer));
}
