import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pluginClaimConflicts, type ClaimingPlugin } from './plugin-claims.js';

const menu = (url: string) => ({ text: url, url, location: 'mainNavigation' as const });
const documents: ClaimingPlugin = { name: 'documents', scope: 'documents', menus: [menu('/documents/')] };
const imap: ClaimingPlugin = {
  name: 'imap',
  scope: 'imap',
  menus: [{ text: 'IMAP', url: '/imap/', location: 'settings' }],
  inboxIntegration: { kind: 'imap', name: 'IMAP', isAvailable: true },
  inboxIntegrationSettings: './inboxIntegrationSettings',
  inboxIntegrationForm: './inboxIntegrationForm',
};

test("a plugin's own paths, kind and scope are no conflict, nor a new kind no plugin has", () => {
  const reports: ClaimingPlugin = { name: 'reports', scope: 'reports', menus: [menu('/reports/'), { text: 'R', url: '/reports/settings', location: 'settings' }], inboxIntegration: { kind: 'sms', name: 'SMS', isAvailable: true } };
  assert.deepEqual(pluginClaimConflicts([documents, imap, reports]), []);
});

test("another plugin's kind (with its slots), path, scope, and the platform's pages are refused, each with the field at fault", () => {
  const thief: ClaimingPlugin = {
    name: 'thief',
    scope: 'documents',
    menus: [menu('/documents/'), menu('/login'), { text: 'S', url: '/settings/thief', location: 'settings' }, menu('/thief/')],
    inboxIntegration: { kind: 'imap', name: 'Mine', isAvailable: true },
    inboxConversationDetail: './detail',
  };
  const conflicts = pluginClaimConflicts([documents, imap, thief]);
  assert.deepEqual(
    conflicts.map((conflict) => conflict.reason),
    [
      'menus.0.url: "/documents/" is the documents plugin\'s path /documents/',
      'menus.1.url: "/login" is the platform\'s path /login/',
      'menus.2.url: "/settings/thief" is the platform\'s path /settings/',
      'inboxIntegration.kind: "imap" is the imap plugin\'s inbox kind (and with it the slots inboxConversationDetail)',
      'scope: "documents" is the documents plugin\'s federation scope',
    ],
  );
  assert.ok(conflicts.every((conflict) => conflict.plugin === 'thief'));
});

test("a claim on an enabled plugin's name is refused even before that plugin's UI is seen (an API-only plugin too)", () => {
  const early: ClaimingPlugin = { name: 'early', menus: [menu('/logs/')], inboxIntegration: { kind: 'imap', name: 'x', isAvailable: true } };
  assert.deepEqual(
    pluginClaimConflicts([early, imap], ['early', 'imap', 'logs']).map((conflict) => [conflict.claim, conflict.owner]),
    [
      ['path', 'logs'],
      ['kind', 'imap'],
    ],
  );
});

test('the first claimant keeps a path or kind; a refused plugin claims nothing, so it blocks no later plugin', () => {
  const first: ClaimingPlugin = { name: 'first', menus: [menu('/shared/')] };
  const second: ClaimingPlugin = { name: 'second', menus: [menu('/shared/'), menu('/other/')] };
  const third: ClaimingPlugin = { name: 'third', menus: [menu('/other/')] };
  assert.deepEqual(
    pluginClaimConflicts([first, second, third]).map((conflict) => `${conflict.plugin}: ${conflict.reason}`),
    ['second: menus.0.url: "/shared/" is the first plugin\'s path /shared/'],
  );
  assert.equal(pluginClaimConflicts([{ name: 'root', menus: [menu('/')] }])[0]?.reason, 'menus.0.url: "/" is the platform\'s home page');
});

test('one build enabled twice may share its scope; another build may not', () => {
  const viaEntry: ClaimingPlugin = { name: 'charts', scope: 'charts_remote', menus: [menu('/charts/')], entry: { version: 'sha256-abc' } };
  const viaManifest: ClaimingPlugin = { name: 'charts-manifest', scope: 'charts_remote', menus: [menu('/charts-manifest/')], entry: { version: 'sha256-abc' } };
  const impostor: ClaimingPlugin = { name: 'impostor', scope: 'charts_remote', menus: [menu('/impostor/')], entry: { version: 'sha256-other' } };
  assert.deepEqual(
    pluginClaimConflicts([viaEntry, viaManifest, impostor]).map((conflict) => `${conflict.plugin}: ${conflict.reason}`),
    ['impostor: scope: "charts_remote" is the charts plugin\'s federation scope'],
  );
});
