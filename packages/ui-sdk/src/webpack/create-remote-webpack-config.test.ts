import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile, mkdir, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';
import { createRemoteWebpackConfig, sharedSingletonNames } from './index.js';

test('a remote built from the helper has remoteEntry.js, mf-manifest.json, ui-plugin.json and hashed chunks with the compile hint', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ui-sdk-remote-'));
  try {
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'routes.ts'), 'export default function Routes() { return "hello"; }\n');
    const config = {
      name: 'hello',
      scope: 'hello',
      port: 3099,
      exposes: { './routes': './src/routes.ts' },
      routes: { scope: 'hello', module: './routes' },
      menus: [{ text: 'Hello', url: '/hello/', location: 'mainNavigation' }],
    };
    await writeFile(join(dir, 'ui-plugin.config.json'), JSON.stringify(config));
    const webpackConfig = createRemoteWebpackConfig({ dir, mode: 'production' });
    const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) => {
      webpack(webpackConfig, (error, result) => (error ? reject(error) : resolve(result)));
    });
    assert.equal(stats?.hasErrors(), false, stats?.toString('errors-only'));
    const files = await readdir(join(dir, 'dist'));
    assert.ok(files.includes('remoteEntry.js'));
    assert.ok(files.includes('mf-manifest.json'));
    assert.ok(files.some((file) => /\.[0-9a-f]{10}\.js$/.test(file)), `hashed chunks in ${files.join(', ')}`);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const text = await readFile(join(dir, 'dist', file), 'utf8');
      assert.ok(text.startsWith('//# allFunctionsCalledOnLoad\n'), `${file} opens with the compile hint`);
    }
    const written = JSON.parse(await readFile(join(dir, 'dist', 'ui-plugin.json'), 'utf8'));
    assert.deepEqual(written.menus, config.menus);
    const manifest = JSON.parse(await readFile(join(dir, 'dist', 'mf-manifest.json'), 'utf8'));
    assert.equal(manifest.name, 'hello');
    assert.deepEqual(manifest.exposes.map((expose: { path: string }) => expose.path), ['./routes']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('react, the router, the client and ui-sdk (with Mantine) are shared as singletons; Mantine itself is not', () => {
  for (const name of ['react', 'react-dom', 'react-router-dom', '@apollo/client', '@lattice/ui-sdk']) {
    assert.ok((sharedSingletonNames as readonly string[]).includes(name), name);
  }
  assert.ok(!(sharedSingletonNames as readonly string[]).includes('@mantine/core'));
});

test('a remote that imports @mantine/core directly does not build', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ui-sdk-remote-'));
  try {
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'routes.ts'), 'import { Button } from "@mantine/core";\nexport default Button;\n');
    const config = { name: 'bad', scope: 'bad', port: 3098, exposes: { './routes': './src/routes.ts' }, routes: { scope: 'bad', module: './routes' } };
    await writeFile(join(dir, 'ui-plugin.config.json'), JSON.stringify(config));
    const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) => {
      webpack(createRemoteWebpackConfig({ dir, mode: 'production' }), (error, result) => (error ? reject(error) : resolve(result)));
    });
    assert.equal(stats?.hasErrors(), true);
    assert.match(stats?.toString('errors-only') ?? '', /import Mantine components from "@lattice\/ui-sdk"/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
