import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack();

// What the worker keeps, as the page sees its caches: the manifest's plugins, and whether the kept app page is signed in.
async function keptCopies(page: Page): Promise<{ plugins: number | null; appPageSignedIn: boolean | null }> {
  return page.evaluate(async () => {
    const manifest = await caches.match('/plugins.json');
    const appPage = await caches.match('/mobile-app/');
    return {
      plugins: manifest ? ((await manifest.json()) as { plugins: unknown[] }).plugins.length : null,
      appPageSignedIn: appPage ? (await appPage.text()).includes('"signedIn":true') : null,
    };
  });
}

test('phone app: /mobile-app/manifest.webmanifest is served, after one visit the app starts offline with its plugin menu, and logging out leaves no signed-in copy (390×844)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const base = `${env.stack.frontend.url}/mobile-app`;

  const manifest = await page.request.get(`${base}/manifest.webmanifest`);
  assert.equal(manifest.status(), 200);
  assert.match(manifest.headers()['content-type'] ?? '', /application\/manifest\+json/);
  const { start_url, display, icons } = (await manifest.json()) as { start_url: string; display: string; icons: Array<{ src: string }> };
  assert.equal(start_url, '/mobile-app/');
  assert.equal(display, 'standalone');
  for (const icon of icons) assert.equal((await page.request.get(`${env.stack.frontend.url}${icon.src}`)).headers()['content-type'], 'image/png');

  // The app's router lives under /mobile-app: a logged-out visit goes to its own login page.
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.waitForURL((url) => url.pathname === '/mobile-app/login', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email' }).fill(env.stack.owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(env.stack.owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/mobile-app', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Documents' }).first().waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href')), '/mobile-app/manifest.webmanifest');
  // The worker installed (it kept the app) and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scroll at 390 px');
  // The signed-in page asked the worker to keep the app page and /plugins.json with the session.
  await page.waitForFunction(async () => {
    const kept = await caches.match('/mobile-app/');
    return kept !== undefined && (await kept.text()).includes('"signedIn":true');
  });
  const signedInCopies = await keptCopies(page);
  assert.equal(signedInCopies.appPageSignedIn, true);
  assert.ok((signedInCopies.plugins ?? 0) > 0, `the kept /plugins.json lists the plugins (${JSON.stringify(signedInCopies)})`);

  await context.setOffline(true);
  await page.reload();
  // The shell starts from what the worker kept: header, navigation, and the offline banner.
  await page.getByTestId('connection-banner').filter({ hasText: 'You are offline' }).waitFor();
  await page.getByRole('heading', { name: 'Lattice', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Documents' }).first().waitFor();
  assert.equal(new URL(page.url()).pathname, '/mobile-app');

  await context.setOffline(false);
  await page.getByTestId('connection-banner').waitFor({ state: 'detached' });

  // Logging out drops the signed-in copies: the worker keeps the logged-out page again and no /plugins.json.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/mobile-app/login', { waitUntil: 'commit' });
  assert.deepEqual(await keptCopies(page), { plugins: null, appPageSignedIn: false });
  assert.deepEqual(pageErrors, []);
  await context.close();
});
