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

// The scripts index.html loads: the shell's build. (The page also carries the plugins manifest, which does change.)
async function shellScripts(): Promise<string[]> {
  const html = await (await fetch(`${stack.frontend.url}/`)).text();
  return [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!);
}

test('a UI plugin added to configs.json appears after a restart, with the same shell build', async () => {
  const shellBefore = await shellScripts();
  assert.ok(shellBefore.some((script) => /\/main\.[0-9a-f]+\.js$/.test(script)), `the shell's main script in ${shellBefore.join(', ')}`);
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
  assert.deepEqual(await shellScripts(), shellBefore, 'the shell was not rebuilt');

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
