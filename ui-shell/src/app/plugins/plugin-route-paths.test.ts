import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PluginManifestEntry } from '@lattice/ui-sdk';
import { pluginLabel, pluginPageTitle, pluginRoutePaths } from './plugin-route-paths.js';

const plugin = (menus: PluginManifestEntry['menus']): PluginManifestEntry => ({
  name: 'documents',
  scope: 'documents',
  remoteEntry: '/plugins/documents/remoteEntry.js',
  routesModule: './routes',
  menus,
});

test('a plugin owns the first segment of each menu URL, once', () => {
  const paths = pluginRoutePaths(
    plugin([
      { text: 'Documents', url: '/documents/', location: 'mainNavigation' },
      { text: 'Document settings', url: '/documents/settings', location: 'settings' },
      { text: 'Templates', url: '/templates', location: 'mainNavigation' },
    ]),
  );
  assert.deepEqual(paths, ['/documents/*', '/templates/*']);
});

test('a menu at the root claims nothing, and the label falls back to the plugin name', () => {
  const settingsOnly = plugin([{ text: 'Root', url: '/', location: 'settings' }]);
  assert.deepEqual(pluginRoutePaths(settingsOnly), []);
  assert.equal(pluginLabel(settingsOnly), 'documents');
});

test('without a main menu, a plugin is called by the inbox integration it offers', () => {
  const imap = { ...plugin([{ text: 'IMAP accounts', url: '/imap/', location: 'settings' }]), inboxIntegration: { name: 'IMAP', isAvailable: true, kind: 'imap' } };
  assert.equal(pluginLabel(imap, 'de'), 'IMAP');
});

test("a plugin page's title is its closest menu's text", () => {
  const inbox = plugin([
    { text: 'Inbox', url: '/inbox/', location: 'mainNavigation' },
    { text: 'Integrations', url: '/inbox/integrations', location: 'settings' },
  ]);
  assert.equal(pluginPageTitle(inbox, '/inbox/'), 'Inbox');
  assert.equal(pluginPageTitle(inbox, '/inbox/conversations/1'), 'Inbox');
  assert.equal(pluginPageTitle(inbox, '/inbox/integrations'), 'Integrations');
  assert.equal(pluginPageTitle(inbox, '/inbox/integrations-old'), 'Inbox');
});

test("a plugin's label and page titles are its menus' texts in the user's language, else as written", () => {
  const inbox = plugin([
    { text: 'Inbox', translations: { de: 'Posteingang' }, url: '/inbox/', location: 'mainNavigation' },
    { text: 'Integrations', url: '/inbox/integrations', location: 'settings' },
  ]);
  assert.equal(pluginLabel(inbox, 'de'), 'Posteingang');
  assert.equal(pluginPageTitle(inbox, '/inbox/conversations/1', 'de'), 'Posteingang');
  assert.equal(pluginPageTitle(inbox, '/inbox/integrations', 'de'), 'Integrations', 'a menu without a German text shows as written');
  assert.equal(pluginLabel(inbox), 'Inbox');
});
