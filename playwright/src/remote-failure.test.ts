import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

let stack: UiStack;
let browser: Browser;

before(async () => {
  stack = await startUiStack([
    { name: 'documents', ui: 'local' },
    { name: 'fixture', ui: 'local' },
  ]);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

const remoteEntry = '**/plugins/documents/remoteEntry.js*';

/** A page on /documents/ whose remote entry cannot be reached, once its unavailable panel shows. */
async function openWithDocumentsRemoteDown() {
  const { page } = await newPage(browser);
  await page.route(remoteEntry, (route) => route.abort('connectionrefused'));
  await openLoggedIn(page, stack, '/documents/');
  const panel = page.getByTestId('plugin-unavailable');
  await panel.getByText('Documents is unavailable').waitFor();
  return { page, panel };
}

test('an unreachable documents remote: the shell still works, the panel says so, retry brings the page', async () => {
  const { page, panel } = await openWithDocumentsRemoteDown();

  // The rest of the shell keeps working: navigation, another plugin, settings.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Fixture' }).click();
  await page.getByTestId('fixture-page').waitFor();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await page.getByRole('link', { name: 'Documents' }).click();
  await panel.getByText('Documents is unavailable').waitFor();

  // Restored: Retry loads the remote for real.
  await page.unroute(remoteEntry);
  await panel.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  assert.equal(await panel.count(), 0);
  await page.context().close();
});

test('in German the unavailable panel and its Retry read in German, and Retry brings the page in German', async () => {
  const { page, panel } = await openWithDocumentsRemoteDown();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');

  // The plugin named by its menu's German text, every sentence of the shell's in German.
  await panel.getByText('Dokumente ist nicht verfügbar').waitFor();
  await panel.getByText('Das Plugin Dokumente konnte nicht geladen werden. Der Rest von Lattice funktioniert weiter.').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await page.unroute(remoteEntry);
  await panel.getByRole('button', { name: 'Erneut versuchen' }).click();
  await page.getByRole('button', { name: 'Dokument hinzufügen' }).waitFor({ timeout: 30_000 });
  assert.equal(await panel.count(), 0);
  await page.context().close();
});

test("a remote entry that fails once is asked for again by the federation runtime's retry plugin: the page loads, no panel", async () => {
  const { page } = await newPage(browser);
  const entryRequests: string[] = [];
  await page.route(remoteEntry, (route) => {
    entryRequests.push(route.request().resourceType());
    return entryRequests.length === 1 ? route.abort('connectionrefused') : route.continue();
  });
  // Opened on another plugin's page, so that the first request for the documents entry is the runtime's own.
  await openLoggedIn(page, stack, '/fixture/');
  await page.getByTestId('fixture-page').waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Add document' }).waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('plugin-unavailable').count(), 0);
  assert.deepEqual(entryRequests.slice(0, 2), ['script', 'script'], 'the refused entry was loaded again by a second script');
  await page.context().close();
});

test('a remote whose routes module throws is contained in its own boundary', async () => {
  const { page } = await newPage(browser);
  // Serve a remote entry that registers the container but whose ./routes factory throws.
  await page.route('**/plugins/documents/remoteEntry.js*', (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `var documents = { init: function () {}, get: function () { return Promise.resolve(function () { throw new Error('documents routes exploded'); }); } };`,
    }),
  );
  await openLoggedIn(page, stack, '/documents/');
  const panel = page.getByTestId('plugin-unavailable');
  await panel.getByText('Documents is unavailable').waitFor();
  await panel.getByText('documents routes exploded').waitFor();
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'Welcome to Lattice' }).waitFor();
  await page.context().close();
});
