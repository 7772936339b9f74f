import { test } from 'node:test';
import assert from 'node:assert/strict';
import { manifestEntry } from './manifest-entry.js';

const manifest = (metaData: Record<string, unknown>) => ({ id: 'remote_rsbuild', name: 'remote_rsbuild', metaData, shared: [], remotes: [], exposes: [] });

test("an `auto` public path is the manifest's own folder, and a global entry is a classic script", () => {
  const rsbuild = manifest({ remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' });
  assert.deepEqual(manifestEntry('http://remote:3001/lab/mf-manifest.json', rsbuild), { url: 'http://remote:3001/lab/remoteEntry.js', type: 'script' });
});

test('a public path and an entry folder are followed, and a module entry is loaded as one', () => {
  const vite = manifest({ remoteEntry: { name: 'remoteEntry.js', path: '/static/', type: 'module' }, publicPath: 'https://cdn.example.com/vite-lab' });
  assert.deepEqual(manifestEntry('http://remote:3002/mf-manifest.json', vite), { url: 'https://cdn.example.com/vite-lab/static/remoteEntry.js', type: 'module' });
  const relative = manifest({ remoteEntry: { name: 'remoteEntry.js', type: 'esm' }, publicPath: '/remotes/lab/' });
  assert.deepEqual(manifestEntry('http://remote:3002/a/mf-manifest.json', relative), { url: 'http://remote:3002/remotes/lab/remoteEntry.js', type: 'module' });
});

test('a manifest that names no entry, or only code to find its public path, is refused with the field', () => {
  assert.throws(() => manifestEntry('http://remote/mf-manifest.json', { metaData: {} }), /http:\/\/remote\/mf-manifest\.json names no metaData\.remoteEntry\.name/);
  assert.throws(() => manifestEntry('http://remote/mf-manifest.json', 'not an object'), /names no metaData\.remoteEntry\.name/);
  const computed = manifest({ remoteEntry: { name: 'remoteEntry.js' }, getPublicPath: 'return window.cdn' });
  assert.throws(() => manifestEntry('http://remote/mf-manifest.json', computed), /metaData\.getPublicPath is not supported/);
});
