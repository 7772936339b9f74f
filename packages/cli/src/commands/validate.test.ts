import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startRemote } from '../config/test-support/remote-server.js';
import { validate } from './validate.js';

let dir: string;
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
let remote: Awaited<ReturnType<typeof startRemote>>;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-validate-'));
  const descriptor = (name: string, location: string, entryHash?: string) =>
    JSON.stringify({ name, scope: name, routes: { module: './routes' }, menus: [{ text: name, url: `/${name}/`, location }], entryHash });
  remote = await startRemote({
    '/reports/lattice-plugin.json': descriptor('reports', 'mainNavigation'),
    '/reports/remoteEntry.js': 'var reports = {};',
    '/charts/lattice-plugin.json': descriptor('charts', 'sidebar'),
    '/charts/remoteEntry.js': 'var charts = {};',
    // Its team published the hash of the entry it built, and the server now serves another one.
    '/signed/lattice-plugin.json': descriptor('signed', 'mainNavigation', sha384('var signed = {};')),
    '/signed/remoteEntry.js': 'var signed = { swapped: true };',
    '/sealed/lattice-plugin.json': descriptor('sealed', 'mainNavigation', sha384('var sealed = {};')),
    '/sealed/remoteEntry.js': 'var sealed = {};',
  });
});
after(async () => {
  await remote.close();
  await rm(dir, { recursive: true, force: true });
});

async function configsWith(name: string, plugins: unknown[]): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify({ jwt_token_secret: '<JWT_SECRET>', domain: 'http://localhost:3000', plugins }));
  return file;
}

describe('lattice validate with UI remotes', () => {
  it('accepts a remote with only name, ui and ui_url, its descriptor fetched from its server', async () => {
    const file = await configsWith('good.json', [{ name: 'reports', ui: 'remote', ui_url: `${remote.url}/reports/remoteEntry.js` }]);
    const printed: string[] = [];
    const log = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      await validate({ config: file });
    } finally {
      console.log = log;
    }
    assert.deepEqual(printed, [`${file} is valid: plugins reports`, 'UI configs checked: reports']);
  });

  it('fails naming the plugin and the field of a descriptor the shell would refuse', async () => {
    const file = await configsWith('bad.json', [
      { name: 'reports', ui: 'remote', ui_url: `${remote.url}/reports/remoteEntry.js` },
      { name: 'charts', ui: 'remote', ui_url: `${remote.url}/charts/remoteEntry.js` },
    ]);
    await assert.rejects(validate({ config: file }), (error: Error) => {
      assert.match(error.message, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: "plugins" has UI plugins the shell would refuse:`));
      assert.match(error.message, /plugins\[1\] "charts": lattice-plugin\.json menus\.0\.location: /);
      return true;
    });
  });

  it("checks each remote's entry against its descriptor's entryHash, as the front-end server does", async () => {
    const good = await configsWith('sealed.json', [{ name: 'sealed', ui: 'remote', ui_url: `${remote.url}/sealed/remoteEntry.js` }]);
    const log = console.log;
    console.log = () => undefined;
    try {
      await validate({ config: good });
    } finally {
      console.log = log;
    }
    const file = await configsWith('swapped.json', [
      { name: 'sealed', ui: 'remote', ui_url: `${remote.url}/sealed/remoteEntry.js` },
      { name: 'signed', ui: 'remote', ui_url: `${remote.url}/signed/remoteEntry.js` },
    ]);
    await assert.rejects(validate({ config: file }), (error: Error) => {
      const expected = `plugins[1] "signed": lattice-plugin.json entryHash: ${remote.url}/signed/remoteEntry.js does not match it (expected ${sha384('var signed = {};')}, served ${sha384('var signed = { swapped: true };')})`;
      assert.ok(error.message.includes(expected), error.message);
      assert.doesNotMatch(error.message, /"sealed"/);
      return true;
    });
  });
});
