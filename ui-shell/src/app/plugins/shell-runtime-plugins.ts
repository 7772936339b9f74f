import { registerPlugins } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { esModuleEntryIntegrity } from './entry-integrity-runtime.js';
import { remoteLoadTimeoutPlugin } from './remote-load-timeout.js';

/**
 * A remote's entry or chunk that fails to load (a dropped connection, a server restarting) is asked for
 * again by the federation runtime's retry plugin before its page shows the panel; Retry on the panel then
 * registers the remote afresh. An entry refused by its hash is not retried: it would fail the same way.
 */
const remoteRetry = RetryPlugin({ script: { retryTimes: 2, retryDelay: 500 } });

/** The shell's hooks into the federation runtime, before the first remote registers (the runtime keeps one of each name). */
export function registerShellRuntimePlugins(): void {
  registerPlugins([remoteLoadTimeoutPlugin, esModuleEntryIntegrity, remoteRetry]);
}
