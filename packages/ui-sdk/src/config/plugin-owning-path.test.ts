import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pluginOwningPath } from './plugin-owning-path.js';

const documents = { name: 'documents', menus: [{ text: 'Documents', url: '/documents/', location: 'mainNavigation' as const }] };
const inbox = {
  name: 'inbox',
  menus: [
    { text: 'Inbox', url: '/inbox', location: 'mainNavigation' as const },
    { text: 'Channels', url: '/inbox-settings/channels', location: 'settings' as const },
  ],
};

test('a path belongs to the plugin one of whose menu URLs shares its first segment', () => {
  assert.equal(pluginOwningPath([documents, inbox], '/documents/')?.name, 'documents');
  assert.equal(pluginOwningPath([documents, inbox], '/documents/settings')?.name, 'documents');
  assert.equal(pluginOwningPath([documents, inbox], '/inbox-settings/channels/12')?.name, 'inbox');
  assert.equal(pluginOwningPath([documents, inbox], '/inbox')?.name, 'inbox');
});

test('the shell keeps its own pages and unknown paths', () => {
  assert.equal(pluginOwningPath([documents, inbox], '/'), undefined);
  assert.equal(pluginOwningPath([documents, inbox], '/settings'), undefined);
  assert.equal(pluginOwningPath([documents, inbox], '/documentsx/'), undefined);
});
