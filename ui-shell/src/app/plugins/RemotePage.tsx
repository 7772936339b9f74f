import { useEffect, useState, type ComponentType } from 'react';
import { RemoteBoundary, usePageTitle, useLocation, type PluginManifestEntry } from '@lattice/ui-sdk';
import { PageLoader } from '../layout/PageLoader.js';
import { PluginUnavailable } from './PluginUnavailable.js';
import { loadedPluginRoutes, pluginRoutesForPage } from './remote-registry.js';
import { pluginLabel, pluginPageTitle } from './plugin-route-paths.js';

interface Loaded {
  key: string;
  Routes?: ComponentType;
  error?: Error;
}

/**
 * A plugin's pages: its remote's `./routes`, loaded on first visit, inside its own error boundary.
 * Loaded with state rather than React.lazy: React holds back content that replaces a Suspense fallback
 * for up to 300 ms, which would be a third of the page's load time.
 */
export function RemotePage({ plugin }: { plugin: PluginManifestEntry }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  usePageTitle(pluginPageTitle(plugin, pathname));
  const key = `${plugin.name}:${attempt}`;
  // Loaded already (the opened page's plugin starts loading before React renders): no loader in between.
  const [loaded, setLoaded] = useState<Loaded | null>(() => {
    const routes = loadedPluginRoutes(plugin);
    return routes ? { key, Routes: routes.default } : null;
  });
  const current = loaded?.key === key ? loaded : null;
  const needed = current === null;
  useEffect(() => {
    if (!needed) return;
    let cancelled = false;
    pluginRoutesForPage(plugin, attempt > 0).then(
      (module) => !cancelled && setLoaded({ key, Routes: module.default }),
      (error: unknown) => !cancelled && setLoaded({ key, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [plugin, attempt, key, needed]);

  const label = pluginLabel(plugin);
  const retry = () => setAttempt((value) => value + 1);
  if (current?.error) return <PluginUnavailable label={label} error={current.error} onRetry={retry} />;
  if (!current?.Routes) return <PageLoader label={`Loading ${label}`} />;
  const Routes = current.Routes;
  return (
    <RemoteBoundary key={key} fallback={(error) => <PluginUnavailable label={label} error={error} onRetry={retry} />}>
      <Routes />
    </RemoteBoundary>
  );
}
