import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RemoteEntryRefused } from './remote-load-errors.js';

const expected = new Map<string, string>();

/** The hash the browser must find in the entry at `url` (from its descriptor), or none. */
export function expectEntryIntegrity(url: string, integrity: string | undefined): void {
  if (integrity) expected.set(url, integrity);
  else expected.delete(url);
}

export function expectedEntryIntegrity(url: string): string | undefined {
  return expected.get(url);
}

/**
 * Loads an ES-module entry that has a hash the way the browser checks it: a module script with `integrity`
 * runs it only if it matches, and import() then returns that same, already-run module from the browser's
 * module map. The runtime's own import() has no way to carry a hash.
 */
export const esModuleEntryIntegrity: ModuleFederationRuntimePlugin = {
  name: 'lattice-es-module-entry-integrity',
  loadEntry: ({ remoteInfo }) => {
    const integrity = expected.get(remoteInfo.entry);
    if (!integrity || (remoteInfo.type !== 'module' && remoteInfo.type !== 'esm')) return undefined;
    return runModuleScript(remoteInfo.entry, integrity).then(() => import(/* webpackIgnore: true */ remoteInfo.entry));
  },
};

function runModuleScript(url: string, integrity: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => reject(new RemoteEntryRefused(url, integrity));
    document.head.append(script);
  });
}
