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
  stack = await startUiStack([{ name: 'documents', ui: 'local' }]);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

test('a UI plugin added to configs.json appears after a restart, with the same shell build', async () => {
  const shellBefore = await (await fetch(`${stack.frontend.url}/`)).text();
  const { page } = await newPage(browser);
  await openLoggedIn(page, stack, '/');
  await page.getByRole('heading', { name: 'Welcome to Lattice' }).waitFor();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Documents' }).waitFor();
  assert.equal(await navigation.getByRole('link', { name: 'Fixture' }).count(), 0);
  await page.goto(`${stack.frontend.url}/fixture/`);
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();

  // configs.json gains { "name": "fixture", "ui": "local" }; only the front-end server restarts.
  await stack.restartFrontend([
    { name: 'documents', ui: 'local' },
    { name: 'fixture', ui: 'local' },
  ]);
  assert.equal(await (await fetch(`${stack.frontend.url}/`)).text(), shellBefore, 'the shell was not rebuilt');

  await openLoggedIn(page, stack, '/');
  await navigation.getByRole('link', { name: 'Fixture' }).click();
  await page.waitForURL((url) => url.pathname === '/fixture/');
  await page.getByRole('heading', { name: 'Fixture plugin' }).waitFor();

  // Its settings menu goes to the settings page, and from there to the plugin's settings route.
  await navigation.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Fixture settings' }).click();
  await page.getByRole('heading', { name: 'Fixture settings' }).waitFor();
  await page.context().close();
});
