import { createContext, useContext, type ReactNode } from 'react';
import type { PluginsManifestResult } from '../boot/plugins-manifest-request.js';
import { PluginUpdates } from './PluginUpdates.js';
import { RefusedPlugins } from './RefusedPlugins.js';

const PluginsContext = createContext<PluginsManifestResult>({ plugins: [] });

/**
 * The enabled UI plugins, read once before the first render: a run-time fact, not a build one. The
 * remotes the front-end server refused are named over the pages, since they have no page of their own,
 * and a plugin redeployed while this tab runs its code is offered a reload.
 */
export function PluginsProvider({ value, children }: { value: PluginsManifestResult; children: ReactNode }) {
  return (
    <PluginsContext.Provider value={value}>
      {children}
      <RefusedPlugins refused={value.refused ?? []} />
      <PluginUpdates intervalMs={value.updateCheckMs} />
    </PluginsContext.Provider>
  );
}

export function usePlugins(): PluginsManifestResult {
  return useContext(PluginsContext);
}
