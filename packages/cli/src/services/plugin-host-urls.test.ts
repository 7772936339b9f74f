import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pluginHostUrls } from './plugin-host-urls.js';

describe('where the gateway finds plugin hosts', () => {
  it('takes several URLs per plugin from the list and the rest from the template', () => {
    const urls = pluginHostUrls(['core', 'documents', 'inbox'], {
      LATTICE_PLUGIN_URLS: 'core=http://127.0.0.1:4000; documents=http://127.0.0.1:4001/,https://docs.internal:4001',
      LATTICE_PLUGIN_URL_TEMPLATE: 'http://plugin-{name}-api:4000',
    });
    assert.deepEqual(urls, [
      { name: 'core', urls: ['http://127.0.0.1:4000'] },
      { name: 'documents', urls: ['http://127.0.0.1:4001', 'https://docs.internal:4001'] },
      { name: 'inbox', urls: ['http://plugin-inbox-api:4000'] },
    ]);
  });

  const refused: Array<[string, NodeJS.ProcessEnv, RegExp]> = [
    ['a plugin with no URL anywhere', { LATTICE_PLUGIN_URLS: 'core=http://a:1' }, /no URL for plugin "documents": list it in LATTICE_PLUGIN_URLS or set LATTICE_PLUGIN_URL_TEMPLATE/],
    ['a URL that is not http(s)', { LATTICE_PLUGIN_URLS: 'core=ftp://a:1;documents=http://b:2' }, /plugin "core" has "ftp:\/\/a:1": a plugin host URL must be http:\/\/ or https:\/\//],
    ['a plugin that is not enabled', { LATTICE_PLUGIN_URLS: 'cards=http://a:1' }, /"cards" is not an enabled plugin \(enabled: core, documents\)/],
    ['an entry without "="', { LATTICE_PLUGIN_URLS: 'http://a:1' }, /"http:\/\/a:1" must be <plugin>=<url>/],
    ['a template that makes no URL', { LATTICE_PLUGIN_URL_TEMPLATE: 'plugin-{name}' }, /LATTICE_PLUGIN_URL_TEMPLATE: plugin "core" has "plugin-core", which is not a URL/],
  ];
  for (const [title, env, message] of refused) {
    it(`refuses ${title}, naming it`, () => {
      assert.throws(() => pluginHostUrls(['core', 'documents'], env), message);
    });
  }
});
