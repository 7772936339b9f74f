import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PluginManifestEntry, PluginsManifest } from '@lattice/ui-sdk';
import { PageLoader } from '../layout/PageLoader.js';

interface PluginsState {
  plugins: PluginManifestEntry[];
  error?: string;
}

const PluginsContext = createContext<PluginsState>({ plugins: [] });

/** Fetches `/plugins.json` once at start-up: which UI plugins are enabled is a run-time fact. */
export function PluginsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PluginsState | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch('/plugins.json', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return (await response.json()) as PluginsManifest;
      })
      .then(
        (manifest) => !cancelled && setState({ plugins: manifest.plugins }),
        // The shell still works (login, settings) without plugins; the navigation says why they are missing.
        (error: unknown) => !cancelled && setState({ plugins: [], error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      cancelled = true;
    };
  }, []);
  if (!state) return <PageLoader label="Loading Lattice" />;
  return <PluginsContext.Provider value={state}>{children}</PluginsContext.Provider>;
}

export function usePlugins(): PluginsState {
  return useContext(PluginsContext);
}
