import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadPlugins } from '../platform/load-plugins.js';
import { loadConfigs } from './load-configs.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lattice-configs-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const valid = {
  jwt_token_secret: '<JWT_SECRET>',
  domain: 'http://localhost:3000',
  plugins: [{ name: 'documents', ui: 'local' }],
};

async function write(name: string, content: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, content);
  return file;
}

describe('configs.json', () => {
  it('loads the repository configs.json', async () => {
    const configs = await loadConfigs(new URL('../../../../configs.json', import.meta.url).pathname);
    assert.deepEqual(configs.plugins.map((plugin) => plugin.name), ['documents', 'contacts', 'inbox', 'imap', 'messenger', 'logs']);
  });

  const bad: Array<{ title: string; content: string; message: RegExp }> = [
    { title: 'invalid JSON', content: '{ "plugins": [ }', message: /bad-json\.json: is not valid JSON/ },
    {
      title: 'a missing required key',
      content: JSON.stringify({ ...valid, jwt_token_secret: undefined }),
      message: /missing-key\.json: "jwt_token_secret" is required/,
    },
    {
      title: 'a plugin entry without a name',
      content: JSON.stringify({ ...valid, plugins: [{ ui: 'local' }] }),
      message: /no-name\.json: "plugins\[0\]\.name" is required: the plugin name/,
    },
    {
      title: 'a secret that is a number',
      content: JSON.stringify({ ...valid, jwt_token_secret: 5 }),
      message: /number-secret\.json: "jwt_token_secret" must be a string, got a number$/,
    },
    {
      title: 'plugins given as an object',
      content: JSON.stringify({ ...valid, plugins: { documents: {} } }),
      message: /object-plugins\.json: "plugins" must be an array, got an object$/,
    },
    {
      title: 'a redis password that is a boolean',
      content: JSON.stringify({ ...valid, redis: { password: true } }),
      message: /boolean-password\.json: "redis\.password" must be a string, got a boolean$/,
    },
    {
      title: 'a domain without a scheme',
      content: JSON.stringify({ ...valid, domain: 'example.com' }),
      message: /no-scheme\.json: "domain" must be a URL with a scheme, e\.g\. https:\/\/example\.com, got "example\.com"$/,
    },
    {
      title: 'a wrong ui value',
      content: JSON.stringify({ ...valid, plugins: [{ name: 'documents', ui: 'cloud' }] }),
      message: /bad-ui\.json: "plugins\[0\]\.ui" must be one of "local", "remote", got "cloud"$/,
    },
    {
      title: 'a plugin listed twice',
      content: JSON.stringify({ ...valid, plugins: [{ name: 'documents' }, { name: 'documents' }] }),
      message: /twice\.json: "plugins\[1\]\.name" lists "documents" twice/,
    },
    {
      title: 'a remote UI without its URL',
      content: JSON.stringify({ ...valid, plugins: [{ name: 'documents', ui: 'remote' }] }),
      message: /remote-no-url\.json: "plugins\[0\]\.ui_url" is required when ui is "remote"/,
    },
    {
      title: 'an unknown key',
      content: JSON.stringify({ ...valid, plugns: [] }),
      message: /unknown-key\.json: has unknown keys: plugns/,
    },
  ];
  const names = ['bad-json', 'missing-key', 'no-name', 'number-secret', 'object-plugins', 'boolean-password', 'no-scheme', 'bad-ui', 'twice', 'remote-no-url', 'unknown-key'];

  bad.forEach((testCase, index) => {
    it(`refuses ${testCase.title} with one message naming the file and key`, async () => {
      const file = await write(`${names[index]}.json`, testCase.content);
      await assert.rejects(loadConfigs(file), (error: Error) => {
        assert.match(error.message, testCase.message);
        return true;
      });
    });
  });

  it('accepts a UI-only plugin: a UI package and no API part', async () => {
    const file = await write('ui-only.json', JSON.stringify({ ...valid, plugins: [{ name: 'documents' }, { name: 'fixture', ui: 'local' }] }));
    const plugins = await loadPlugins(file, (await loadConfigs(file)).plugins);
    assert.deepEqual(plugins.map((plugin) => plugin.definition.name), ['documents']);
  });

  it('refuses a plugin that does not exist, naming the key', async () => {
    const file = await write('unknown-plugin.json', JSON.stringify({ ...valid, plugins: [{ name: 'documents' }, { name: 'cards' }] }));
    const configs = await loadConfigs(file);
    await assert.rejects(
      loadPlugins(file, configs.plugins),
      /unknown-plugin\.json: "plugins\[1\]\.name" names a plugin that does not exist: "cards"/,
    );
  });
});
