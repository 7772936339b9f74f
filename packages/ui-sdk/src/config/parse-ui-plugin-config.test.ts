import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseUiPluginConfig, UiPluginConfigError } from './index.js';

const valid = {
  name: 'documents',
  scope: 'documents',
  port: 3017,
  exposes: { './routes': './src/routes.tsx' },
  routes: { scope: 'documents', module: './routes' },
  menus: [{ text: 'Documents', url: '/documents/', icon: 'file', location: 'mainNavigation' }],
};

test('a valid config parses, with menus defaulting to none', () => {
  assert.deepEqual(parseUiPluginConfig(valid).menus, valid.menus);
  const { menus: _menus, ...withoutMenus } = valid;
  assert.deepEqual(parseUiPluginConfig(withoutMenus).menus, []);
});

test('every wrong key is named in one error', () => {
  const bad = {
    ...valid,
    scope: 'my-plugin',
    port: 70000,
    exposes: { './page': './src/page.tsx' },
    routes: { scope: 'documents', module: './routes' },
    menus: [{ text: 'Docs', url: 'documents', location: 'sidebar' }],
  };
  assert.throws(
    () => parseUiPluginConfig(bad),
    (error: unknown) => {
      assert.ok(error instanceof UiPluginConfigError);
      for (const key of ['scope', 'port', 'exposes', 'menus.0.url', 'menus.0.location']) {
        assert.match(error.message, new RegExp(`  ${key.replace('.', '\\.')}: `), `mentions ${key}`);
      }
      return true;
    },
  );
});

test('routes must name an exposed module of the same scope', () => {
  assert.throws(
    () => parseUiPluginConfig({ ...valid, routes: { scope: 'other', module: './pages' } }),
    /routes\.scope: must equal scope "documents"[\s\S]*routes: names "\.\/pages", which "exposes" does not list/,
  );
});

test('unknown keys are refused rather than silently ignored', () => {
  assert.throws(() => parseUiPluginConfig({ ...valid, menu: [] }), /menu/);
});

test('a dashboardWidget must name a module the config exposes', () => {
  const withWidget = { ...valid, exposes: { ...valid.exposes, './dashboardWidget': './src/DashboardWidget.tsx' }, dashboardWidget: './dashboardWidget' };
  assert.equal(parseUiPluginConfig(withWidget).dashboardWidget, './dashboardWidget');
  assert.throws(
    () => parseUiPluginConfig({ ...valid, dashboardWidget: './dashboardWidget' }),
    (error: unknown) => error instanceof UiPluginConfigError && /dashboardWidget: names "\.\/dashboardWidget", which "exposes" does not list/.test(error.message),
  );
});

test("a menu's translations are kept, and a bad language code is named with the file", () => {
  const translated = { ...valid, menus: [{ ...valid.menus[0], translations: { de: 'Dokumente' } }] };
  assert.deepEqual(parseUiPluginConfig(translated).menus[0]?.translations, { de: 'Dokumente' });
  assert.throws(
    () => parseUiPluginConfig({ ...valid, menus: [{ ...valid.menus[0], translations: { deutsch: 'Dokumente' } }] }, 'ui-plugins/documents/ui-plugin.config.json'),
    /^UiPluginConfigError: ui-plugins\/documents\/ui-plugin\.config\.json is not a valid UI plugin config:\n {2}menus\.0\.translations\.deutsch: must be a language code/,
  );
});
