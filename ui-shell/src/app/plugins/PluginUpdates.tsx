import { Suspense, lazy, useEffect, useState } from 'react';
import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { defaultUpdateCheckMs, watchPluginUpdates } from './plugin-updates.js';

// Loaded only once a plugin was redeployed: most visits never show it.
const PluginUpdateNotice = lazy(() => import('./PluginUpdateNotice.js').then((module) => ({ default: module.PluginUpdateNotice })));

const versionsOf = (plugins: PluginManifestEntry[]) => plugins.map((plugin) => `${plugin.name}@${plugin.entry?.version ?? ''}`).join(' ');

/**
 * Watches for redeployed plugins whose code this tab runs and offers a reload. Closing the notice hides it
 * until another deploy.
 */
export function PluginUpdates({ intervalMs }: { intervalMs?: number }) {
  const [redeployed, setRedeployed] = useState<PluginManifestEntry[]>([]);
  const [dismissed, setDismissed] = useState('');
  useEffect(() => watchPluginUpdates(intervalMs ?? defaultUpdateCheckMs, setRedeployed), [intervalMs]);
  const versions = versionsOf(redeployed);
  if (redeployed.length === 0 || versions === dismissed) return null;
  return (
    <Suspense fallback={null}>
      <PluginUpdateNotice plugins={redeployed} onClose={() => setDismissed(versions)} />
    </Suspense>
  );
}
