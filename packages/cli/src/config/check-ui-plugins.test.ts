import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { checkUiPlugins } from './check-ui-plugins.js';
import { startRemote } from './test-support/remote-server.js';

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
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('UI plugin configs in lattice validate', () => {
  it('reads the configs the shell would load, and names the plugins it would leave out', async () => {
    const result = await checkUiPlugins([{ name: 'cards', ui: 'local' }, { name: 'contacts' }, { name: 'unbuilt', ui: 'local' }], { pluginsRoot: root });
    assert.deepEqual(result.checked, ['cards']);
    assert.deepEqual(result.skipped, [`unbuilt (no UI build in ${join(root, 'unbuilt', 'dist')})`]);
  });

  it('refuses a built config that would break the shell, naming each wrong key', async () => {
    await assert.rejects(checkUiPlugins([{ name: 'broken', ui: 'local' }], { pluginsRoot: root }), (error: Error) => {
      assert.match(error.message, /^configs\.json: "plugins" has UI plugins the shell would refuse:\n {2}plugins\[0\] "broken": /);
      assert.match(error.message, /broken\/dist\/ui-plugin\.json is not a valid UI plugin config/);
      assert.match(error.message, /scope: must be a JavaScript identifier/);
      assert.match(error.message, /menus\.0\.url: must be an absolute path/);
      assert.match(error.message, /menus\.0\.location:/);
      return true;
    });
  });

  it('fetches each remote\'s descriptor and entry from its server, and refuses a bad one naming the plugin and the field', async () => {
    const remote = await startRemote({
      '/good/lattice-plugin.json': JSON.stringify({ name: 'good', scope: 'good', routes: { module: './routes' } }),
      '/good/remoteEntry.js': 'var good = {};',
      '/loose/lattice-plugin.json': JSON.stringify({ name: 'loose', scope: 'loose', routes: { module: './routes' }, shared: { react: 'any recent one' } }),
      '/loose/remoteEntry.js': 'var loose = {};',
    });
    try {
      const good = { name: 'good', ui: 'remote' as const, ui_url: `${remote.url}/good/remoteEntry.js` };
      assert.deepEqual(await checkUiPlugins([good], { pluginsRoot: root }), { checked: ['good'], skipped: [] });
      const loose = { name: 'loose', ui: 'remote' as const, ui_url: `${remote.url}/loose/remoteEntry.js` };
      const gone = { name: 'gone', ui: 'remote' as const, ui_url: `${remote.url}/gone/remoteEntry.js` };
      await assert.rejects(checkUiPlugins([good, loose, gone], { pluginsRoot: root }), (error: Error) => {
        assert.match(error.message, /\n {2}plugins\[1\] "loose": lattice-plugin\.json shared\.react: must be a semver range/);
        assert.match(error.message, /\n {2}plugins\[2\] "gone": lattice-plugin\.json \(root\): .*\/gone\/lattice-plugin\.json answered HTTP 404/);
        assert.doesNotMatch(error.message, /"good"/);
        return true;
      });
    } finally {
      await remote.close();
    }
  });
});
