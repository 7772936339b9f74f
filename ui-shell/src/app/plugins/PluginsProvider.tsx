import { createContext, useContext, type ReactNode } from 'react';
import type { PluginsManifestResult } from '../boot/plugins-manifest-request.js';

const PluginsContext = createContext<PluginsManifestResult>({ plugins: [] });

/** The enabled UI plugins, read once before the first render: a run-time fact, not a build one. */
export function PluginsProvider({ value, children }: { value: PluginsManifestResult; children: ReactNode }) {
  return <PluginsContext.Provider value={value}>{children}</PluginsContext.Provider>;
}

export function usePlugins(): PluginsManifestResult {
  return useContext(PluginsContext);
}
