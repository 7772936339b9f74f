import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkUiPlugins } from './check-ui-plugins.js';

let root: string;

const config = (name: string) => ({
  name,
  scope: name,
  port: 3099,
  exposes: { './routes': './src/routes.tsx' },
  routes: { scope: name, module: './routes' },
  menus: [{ text: 'Cards', url: `/${name}/`, location: 'mainNavigation' }],
});

async function writeConfig(file: string, value: unknown): Promise<void> {
  await mkdir(join(root, file, '..'), { recursive: true });
  await writeFile(join(root, file), JSON.stringify(value));
}

before(async () => {
  root = await mkdtemp(join(tmpdir(), 'lattice-ui-plugins-'));
  await writeConfig('cards/dist/ui-plugin.json', config('cards'));
  await writeConfig('broken/dist/ui-plugin.json', { ...config('broken'), scope: 'not a scope', menus: [{ text: '', url: 'broken', location: 'top' }] });
  await writeConfig('remote/ui-plugin.config.json', { ...config('remote'), routes: { scope: 'other', module: './routes' } });
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('UI plugin configs in lattice validate', () => {
  it('reads the configs the shell would load, and names the plugins it would leave out', async () => {
    const result = await checkUiPlugins([{ name: 'cards', ui: 'local' }, { name: 'contacts' }, { name: 'unbuilt', ui: 'local' }], root);
    assert.deepEqual(result.checked, ['cards']);
    assert.deepEqual(result.skipped, [`unbuilt (no UI build in ${join(root, 'unbuilt', 'dist')})`]);
  });

  it('refuses a built config that would break the shell, naming each wrong key', async () => {
    await assert.rejects(checkUiPlugins([{ name: 'broken', ui: 'local' }], root), (error: Error) => {
      assert.match(error.message, /broken\/dist\/ui-plugin\.json is not a valid UI plugin config/);
      assert.match(error.message, /scope: must be a JavaScript identifier/);
      assert.match(error.message, /menus\.0\.url: must be an absolute path/);
      assert.match(error.message, /menus\.0\.location:/);
      return true;
    });
  });

  it('refuses a remote plugin whose source config does not hold together', async () => {
    const remote = { name: 'remote', ui: 'remote' as const, ui_url: 'https://cdn.example.com/remote/remoteEntry.js' };
    await assert.rejects(checkUiPlugins([remote], root), /routes\.scope: must equal scope "remote"/);
  });
});
