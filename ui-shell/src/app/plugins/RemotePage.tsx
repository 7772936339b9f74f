import { lazy, Suspense, useMemo, useState } from 'react';
import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { PageLoader } from '../layout/PageLoader.js';
import { PluginUnavailable } from './PluginUnavailable.js';
import { RemoteBoundary } from './RemoteBoundary.js';
import { pluginRoutesForPage } from './remote-registry.js';
import { pluginLabel } from './plugin-route-paths.js';

/** A plugin's pages: its remote's `./routes`, loaded on first visit, inside its own error boundary. */
export function RemotePage({ plugin }: { plugin: PluginManifestEntry }) {
  const [attempt, setAttempt] = useState(0);
  const Routes = useMemo(() => lazy(() => pluginRoutesForPage(plugin, attempt > 0)), [plugin, attempt]);
  const label = pluginLabel(plugin);
  return (
    <RemoteBoundary
      key={`${plugin.name}:${attempt}`}
      fallback={(error) => <PluginUnavailable label={label} error={error} onRetry={() => setAttempt((value) => value + 1)} />}
    >
      <Suspense fallback={<PageLoader label={`Loading ${label}`} />}>
        <Routes />
      </Suspense>
    </RemoteBoundary>
  );
}
