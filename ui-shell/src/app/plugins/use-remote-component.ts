import { useEffect, useState, type ComponentType } from 'react';
import type { PluginManifestEntry } from '@lattice/ui-sdk';

interface Loaded {
  key: string;
  Component?: ComponentType;
  error?: Error;
}

/** Loads a component from a plugin's remote; `fresh` after a Retry. Defined once, outside any component. */
export type RemoteComponentLoader = (plugin: PluginManifestEntry, fresh: boolean) => Promise<ComponentType>;

/**
 * One component from a plugin's remote, loaded with state rather than React.lazy: React holds back content
 * that replaces a Suspense fallback for up to 300 ms, which would be a third of a page's load time. `retry`
 * loads it again; `key` changes with every attempt, for the error boundary around it. `alreadyLoaded` gives a
 * component loaded before React rendered, so no loader shows in between.
 */
export function useRemoteComponent(plugin: PluginManifestEntry, load: RemoteComponentLoader, alreadyLoaded?: ComponentType) {
  const [attempt, setAttempt] = useState(0);
  const key = `${plugin.name}:${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | null>(() => (alreadyLoaded ? { key, Component: alreadyLoaded } : null));
  const current = loaded?.key === key ? loaded : null;
  const needed = current === null;
  useEffect(() => {
    if (!needed) return;
    let cancelled = false;
    load(plugin, attempt > 0).then(
      (Component) => !cancelled && setLoaded({ key, Component }),
      (error: unknown) => !cancelled && setLoaded({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
    // `load` is a module-level function (RemoteComponentLoader): it never changes.
  }, [plugin, attempt, key, needed]);
  return { key, Component: current?.Component, error: current?.error, retry: () => setAttempt((value) => value + 1) };
}
