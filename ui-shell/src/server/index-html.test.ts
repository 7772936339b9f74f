import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PluginsManifest } from '@lattice/ui-sdk';
import { indexHtmlFor } from './index-html.js';

const template = '<!doctype html><html><head><script defer src="/main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const manifest: PluginsManifest = {
  plugins: [
    {
      name: 'documents',
      scope: 'documents',
      remoteEntry: '/plugins/documents/remoteEntry.js',
      routesModule: './routes',
      preload: ['/plugins/documents/remoteEntry.js', '/plugins/documents/12.abcdef0123.js'],
      menus: [{ text: 'Documents </script><script>alert(1)</script>', url: '/documents/', location: 'mainNavigation' }],
    },
    {
      name: 'inbox',
      scope: 'inbox',
      remoteEntry: 'https://cdn.example.com/inbox/remoteEntry.js?v=1&x=2',
      routesModule: './routes',
      menus: [{ text: 'Inbox', url: '/inbox/', location: 'mainNavigation' }],
    },
    {
      name: 'vite-lab',
      scope: 'remote_vite',
      remoteEntry: 'https://vite.example.com/remoteEntry.js',
      entry: { url: 'https://vite.example.com/remoteEntry.js', type: 'module', integrity: 'sha384-AAA', version: 'sha256-BBB' },
      routesModule: './routes',
      menus: [{ text: 'Vite lab', url: '/vite-lab/', location: 'mainNavigation' }],
    },
    {
      name: 'rsbuild-lab',
      scope: 'remote_rsbuild',
      remoteEntry: 'https://rsbuild.example.com/mf-manifest.json',
      entry: { url: 'https://rsbuild.example.com/static/remoteEntry.js', type: 'script', version: 'sha256-CCC' },
      routesModule: './routes',
      menus: [{ text: 'Rsbuild lab', url: '/rsbuild-lab/', location: 'mainNavigation' }],
    },
    {
      name: 'lab',
      scope: 'fixture',
      remoteEntry: 'https://lab.example.com/remoteEntry.js',
      entry: { url: 'https://lab.example.com/remoteEntry.js', type: 'script', integrity: 'sha384-DDD', version: 'sha256-EEE' },
      routesModule: './routes',
      menus: [{ text: 'Lab', url: '/lab/', location: 'mainNavigation' }],
    },
  ],
};

function inlineManifest(html: string): unknown {
  const match = /<script id="lattice-plugins" type="application\/json">(.*?)<\/script>/.exec(html);
  assert.ok(match, 'the manifest is inlined');
  return JSON.parse(match[1]!);
}

test("a plugin's page preloads that plugin's scripts and carries the whole manifest", () => {
  const html = indexHtmlFor(template, manifest, '/documents/');
  assert.deepEqual(inlineManifest(html), manifest);
  const preloads = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((match) => match[1]);
  assert.deepEqual(preloads, ['/plugins/documents/remoteEntry.js', '/plugins/documents/12.abcdef0123.js']);
  assert.ok(html.indexOf('lattice-plugins') < html.indexOf('</head>'), 'in the head');
});

test('a remote plugin without a preload list preloads its entry; the shell\'s own pages preload no plugin', () => {
  assert.match(indexHtmlFor(template, manifest, '/inbox/42'), /<link rel="preload" as="script" href="https:\/\/cdn\.example\.com\/inbox\/remoteEntry\.js\?v=1&amp;x=2">/);
  for (const path of ['/', '/settings', '/login']) {
    const html = indexHtmlFor(template, manifest, path);
    assert.doesNotMatch(html, /rel="preload"/, path);
    assert.deepEqual(inlineManifest(html), manifest, path);
  }
});

test("a remote's entry is preloaded as the loader asks for it: a module as one, the entry a manifest names, a hash with CORS", () => {
  const links = (path: string) => indexHtmlFor(template, manifest, path).match(/<link [^>]*>/g);
  assert.deepEqual(links('/vite-lab/'), ['<link rel="modulepreload" href="https://vite.example.com/remoteEntry.js" integrity="sha384-AAA">']);
  assert.deepEqual(links('/rsbuild-lab/'), ['<link rel="preload" as="script" href="https://rsbuild.example.com/static/remoteEntry.js">']);
  assert.deepEqual(links('/lab/'), ['<link rel="preload" as="script" href="https://lab.example.com/remoteEntry.js" integrity="sha384-DDD" crossorigin="anonymous">']);
});

test('text in the manifest cannot close the script element it sits in', () => {
  const html = indexHtmlFor(template, manifest, '/');
  assert.equal(html.match(/<\/script>/g)?.length, 2, 'the main script and the manifest, nothing more');
  assert.ok(html.includes('\\u003c/script>'));
});
