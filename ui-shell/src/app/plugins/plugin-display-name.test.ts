import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pluginDisplayName } from './plugin-display-name.js';

const inbox = {
  name: 'inbox',
  menus: [
    { text: 'Integrations', translations: { de: 'Integrationen' }, url: '/inbox/integrations', location: 'settings' as const },
    { text: 'Inbox', translations: { de: 'Posteingang' }, url: '/inbox/', location: 'mainNavigation' as const },
  ],
};

test("a plugin is called by its main navigation menu's text, in the user's language", () => {
  assert.equal(pluginDisplayName(inbox, 'en'), 'Inbox');
  assert.equal(pluginDisplayName(inbox, 'de'), 'Posteingang');
  assert.equal(pluginDisplayName(inbox, 'de-AT'), 'Posteingang');
});

test('without a main menu, by the inbox integration it offers; without either, by its id', () => {
  const imap = { name: 'imap', menus: [{ text: 'IMAP accounts', url: '/imap/', location: 'settings' as const }] };
  assert.equal(pluginDisplayName({ ...imap, inboxIntegration: { name: 'IMAP', isAvailable: true, kind: 'imap' } }, 'de'), 'IMAP');
  assert.equal(pluginDisplayName(imap, 'de'), 'imap');
});
