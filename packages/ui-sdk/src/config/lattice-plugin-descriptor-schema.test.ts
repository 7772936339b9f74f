import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { latticePluginDescriptorJsonSchema, parseLatticePluginDescriptor } from './index.js';

const valid = {
  name: 'reports',
  scope: 'reports',
  routes: { module: './routes' },
  menus: [{ text: 'Reports', url: '/reports/', icon: 'file', location: 'mainNavigation' }],
  shared: { react: '^19.0.0', 'react-router-dom': '>=7.1 <8' },
};

function problemsOf(input: unknown): string[] {
  const result = parseLatticePluginDescriptor(input);
  assert.equal(result.success, false, 'refused');
  return result.success ? [] : result.problems;
}

test('a descriptor with routes, menus and shared ranges parses; menus and shared default to none', () => {
  const result = parseLatticePluginDescriptor(valid);
  assert.ok(result.success);
  assert.deepEqual(result.descriptor.shared, valid.shared);
  const { menus: _menus, shared: _shared, ...minimal } = valid;
  const bare = parseLatticePluginDescriptor(minimal);
  assert.ok(bare.success);
  assert.deepEqual([bare.descriptor.menus, bare.descriptor.shared], [[], {}]);
});

test('each bad field is named: missing routes, an unknown menu location, a shared range that is not semver, an entry hash', () => {
  const { routes: _routes, ...withoutRoutes } = valid;
  assert.match(problemsOf(withoutRoutes).join('\n'), /^routes: is required/m);
  const badMenu = { ...valid, menus: [{ text: 'Reports', url: '/reports/', location: 'sidebar' }] };
  assert.match(problemsOf(badMenu).join('\n'), /^menus\.0\.location: /m);
  assert.deepEqual(problemsOf({ ...valid, shared: { react: 'nineteen' } }), ['shared.react: must be a semver range, e.g. "^19.0.0"']);
  assert.match(problemsOf({ ...valid, entryHash: 'md5-abc' }).join('\n'), /^entryHash: must be a subresource-integrity hash/m);
  assert.match(problemsOf({ ...valid, menu: [] }).join('\n'), /menu/, 'an unknown key is refused, not ignored');
  assert.match(problemsOf('not an object').join('\n'), /^\(root\): /m);
});

test('the published JSON Schema is the generated one', async () => {
  const file = new URL('../../lattice-plugin.schema.json', import.meta.url);
  assert.deepEqual(
    JSON.parse(await readFile(file, 'utf8')),
    latticePluginDescriptorJsonSchema(),
    'lattice-plugin.schema.json is stale: run node --conditions=development --import tsx packages/ui-sdk/src/config/write-descriptor-json-schema.ts',
  );
});

test("a menu's translations are kept; a key that is no language code, English or an empty text is named", () => {
  const translated = { ...valid, menus: [{ ...valid.menus[0], translations: { de: 'Berichte', 'pt-BR': 'Relatórios' } }] };
  const result = parseLatticePluginDescriptor(translated);
  assert.ok(result.success);
  assert.deepEqual(result.descriptor.menus[0]?.translations, { de: 'Berichte', 'pt-BR': 'Relatórios' });
  const withTranslations = (translations: unknown) => ({ ...valid, menus: [{ ...valid.menus[0], translations }] });
  assert.deepEqual(problemsOf(withTranslations({ German: 'Berichte' })), ['menus.0.translations.German: must be a language code such as "de" or "pt-BR"']);
  assert.deepEqual(problemsOf(withTranslations({ en: 'Reports' })), ['menus.0.translations.en: is English, the language of "text" itself']);
  assert.deepEqual(problemsOf(withTranslations({ de: '' })), ['menus.0.translations.de: must not be empty']);
  assert.match(problemsOf(withTranslations(['Berichte'])).join('\n'), /^menus\.0\.translations: /m);
});
