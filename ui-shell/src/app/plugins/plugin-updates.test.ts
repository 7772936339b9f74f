import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { redeployedPlugins } from './plugin-updates.js';

const plugin = (name: string, version?: string): PluginManifestEntry => ({
  name,
  scope: name,
  remoteEntry: `https://${name}.example.com/remoteEntry.js`,
  ...(version ? { entry: { url: `https://${name}.example.com/remoteEntry.js`, type: 'script' as const, version } } : {}),
  routesModule: './routes',
  menus: [],
});

test('only plugins this tab runs, now with another entry version, are redeployed', () => {
  const manifest = { plugins: [plugin('reports', 'v2'), plugin('charts', 'v1'), plugin('maps', 'v9'), plugin('dev')] };
  const running = new Map([
    ['reports', 'v1'],
    ['charts', 'v1'],
    ['dev', 'v1'],
    ['gone', 'v1'],
  ]);
  assert.deepEqual(
    redeployedPlugins(manifest, running).map((entry) => entry.name),
    ['reports'],
  );
});
