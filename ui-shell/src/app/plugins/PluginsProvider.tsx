import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { fetchPluginsManifest, type PluginsManifestResult } from '../boot/plugins-manifest-request.js';
import { PluginUpdates } from './PluginUpdates.js';
import { RefusedPlugins } from './RefusedPlugins.js';

const PluginsContext = createContext<PluginsManifestResult>({ plugins: [] });

/**
 * The enabled UI plugins, read once before the first render: a run-time fact, not a build one. Read
 * without a session (the login page), the manifest has none (`signedIn: false`); once a user is signed in
 * it is asked for again. The remotes the front-end server refused are named over the pages, since they
 * have no page of their own, and a plugin redeployed while this tab runs its code is offered a reload.
 */
export function PluginsProvider({ value, children }: { value: PluginsManifestResult; children: ReactNode }) {
  const [current, setCurrent] = useState(value);
  const { data } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const signedIn = Boolean(data?.currentUser);
  const waiting = current.signedIn === false && signedIn;
  useEffect(() => {
    if (!waiting) return;
    let cancelled = false;
    fetchPluginsManifest().then(
      (manifest) => !cancelled && setCurrent(manifest),
      (error: unknown) => !cancelled && setCurrent({ plugins: [], error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [waiting]);
  return (
    <PluginsContext.Provider value={current}>
      {children}
      <RefusedPlugins refused={current.refused ?? []} />
      <PluginUpdates intervalMs={current.updateCheckMs} />
    </PluginsContext.Provider>
  );
}

export function usePlugins(): PluginsManifestResult {
  return useContext(PluginsContext);
}
