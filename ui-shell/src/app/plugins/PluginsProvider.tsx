import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { pluginsManifestRequest, type PluginsManifestResult } from '../boot/plugins-manifest-request.js';
import { PageLoader } from '../layout/PageLoader.js';

type PluginsState = PluginsManifestResult;

const PluginsContext = createContext<PluginsState>({ plugins: [] });

/** The enabled UI plugins from `/plugins.json` (fetched once at start-up): a run-time fact, not a build one. */
export function PluginsProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PluginsState | null>(null);
  useEffect(() => {
    let cancelled = false;
    void pluginsManifestRequest.then((result) => !cancelled && setState(result));
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
