import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { RemoteComponentMissing, RemoteEntryRefused, RemoteLoadTimedOut, remoteLoadErrorText } from './remote-load-errors.js';

const translator = async (locale: 'en' | 'de') => {
  await shellCatalogue.load(locale);
  const i18n = shellCatalogue.instance(locale);
  assert.ok(i18n);
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
};

test("the shell's own reasons a remote did not load read in the user's language; the English matches the console's", async () => {
  const english = await translator('en');
  const german = await translator('de');
  const timedOut = new RemoteLoadTimedOut('lab', 8);
  assert.equal(remoteLoadErrorText(timedOut, english), 'lab did not load within 8 s');
  assert.equal(remoteLoadErrorText(timedOut, english), timedOut.message);
  assert.equal(remoteLoadErrorText(new RemoteLoadTimedOut('lab', 2.5), german), 'lab wurde nicht innerhalb von 2,5 s geladen');
  const missing = new RemoteComponentMissing('imap', './inboxIntegrationForm');
  assert.equal(remoteLoadErrorText(missing, english), missing.message);
  assert.equal(remoteLoadErrorText(missing, german), 'imap exportiert keine Komponente aus ./inboxIntegrationForm');
  const refused = new RemoteEntryRefused('https://cdn.example.com/remoteEntry.js', 'sha384-abc');
  assert.equal(remoteLoadErrorText(refused, english), refused.message);
  assert.match(remoteLoadErrorText(refused, german), /^Der Browser hat https:\/\/cdn\.example\.com\/remoteEntry\.js abgelehnt: .* sha384-abc /);
});

test("any other failure shows as its source words it (the runtime's, the network's, the remote's)", async () => {
  const german = await translator('de');
  assert.equal(remoteLoadErrorText(new Error('documents routes exploded'), german), 'documents routes exploded');
});

test('the refused-plugins alert and the update notice count in plurals in both languages', async () => {
  const english = await translator('en');
  const german = await translator('de');
  assert.equal(english('plugins.refused.title', { count: 1, name: 'reports' }), 'The reports plugin was left out');
  assert.equal(english('plugins.refused.title', { count: 3, name: 'reports' }), '3 plugins were left out');
  assert.equal(german('plugins.refused.title', { count: 1, name: 'reports' }), 'Das Plugin reports wurde nicht eingebunden');
  assert.equal(german('plugins.refused.title', { count: 3, name: 'reports' }), '3 Plugins wurden nicht eingebunden');
  assert.equal(english('plugins.updated.title', { count: 1, names: 'Lab' }), 'Lab was updated');
  assert.equal(english('plugins.updated.title', { count: 2, names: 'Lab and Reports' }), 'Lab and Reports were updated');
  assert.equal(german('plugins.updated.title', { count: 2, names: 'Lab und Reports' }), 'Lab und Reports wurden aktualisiert');
});
