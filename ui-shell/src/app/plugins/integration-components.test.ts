import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IntegrationComponentMissing, type PluginManifestEntry } from '@lattice/ui-sdk';
import { integrationComponents } from './integration-components.js';

const plugin = (name: string, extra: Partial<PluginManifestEntry>): PluginManifestEntry => ({
  name,
  scope: name,
  remoteEntry: `/plugins/${name}/remoteEntry.js`,
  routesModule: './routes',
  menus: [],
  ...extra,
});

const plugins = [
  plugin('inbox', {}),
  plugin('imap', {
    inboxIntegration: { name: 'IMAP', isAvailable: true, kind: 'imap' },
    inboxIntegrationForm: './inboxIntegrationForm',
    inboxConversationDetail: './inboxConversationDetail',
  }),
];

test('a kind offers the slots its UI plugin names, and no others', () => {
  const components = integrationComponents(plugins, (error) => error.message);
  assert.equal(components.offers('imap', 'inboxIntegrationForm'), true);
  assert.equal(components.offers('imap', 'inboxConversationDetail'), true);
  assert.equal(components.offers('imap', 'inboxIntegrationSettings'), false);
  assert.equal(components.offers('facebook', 'inboxIntegrationForm'), false);
});

test('asking for a slot no enabled plugin offers fails with the kind and slot named', async () => {
  const components = integrationComponents(plugins, (error) => error.message);
  await assert.rejects(components.load('facebook', 'inboxConversationDetail', false), (error: unknown) => {
    assert.ok(error instanceof IntegrationComponentMissing);
    assert.equal(error.message, 'No enabled UI plugin offers inboxConversationDetail for integrations of kind "facebook"');
    return true;
  });
  await assert.rejects(components.load('imap', 'inboxIntegrationSettings', false), IntegrationComponentMissing);
});
