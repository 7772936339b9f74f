import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { startRemoteOriginServer, type RemoteOriginServer } from './support/remote-origin-server.js';
import { waitForMenuInPluginsManifest } from './support/plugins-manifest.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

// The fixture remote's webpack build, deployed by "another team" on its own port. The host has no package
// of `lab` or `broken`: configs.json gives only { name, ui: "remote", ui_url }.
const fixtureBuild = fileURLToPath(new URL('../../ui-plugins/fixture/dist', import.meta.url));
const sha384 = (bytes: Buffer | string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const labDescriptor = (menuText: string) => ({
  name: 'lab',
  scope: 'fixture',
  routes: { module: './routes' },
  menus: [
    { text: menuText, url: '/fixture/', icon: 'flask', location: 'mainNavigation' },
    { text: 'Lab settings', url: '/fixture/settings', icon: 'flask', location: 'settings' },
  ],
  shared: { react: '^19.0.0', 'react-router-dom': '^7.0.0' },
  // Its team publishes the hash of the entry it deployed: the browser runs only those bytes.
  entryHash: sha384(readFileSync(`${fixtureBuild}/remoteEntry.js`)),
});

let stack: UiStack;
let browser: Browser;
let lab: RemoteOriginServer;
let broken: RemoteOriginServer;
let old: RemoteOriginServer;
let tampered: RemoteOriginServer;
const refreshEnv = process.env.LATTICE_UI_REMOTE_REFRESH_MS;

before(async () => {
  lab = await startRemoteOriginServer(fixtureBuild, labDescriptor('Lab'));
  broken = await startRemoteOriginServer(fixtureBuild, { ...labDescriptor('Broken'), name: 'broken', menus: [{ text: 'Broken', url: '/broken/', location: 'sidebar' }] });
  // Valid, but built for React 18: refused before any of its code runs.
  // Its descriptor names the hash of another entry than the one it serves (a swapped or altered file).
  tampered = await startRemoteOriginServer(fixtureBuild, { ...labDescriptor('Tampered'), name: 'tampered', menus: [{ text: 'Tampered', url: '/tampered/', location: 'mainNavigation' }], entryHash: sha384('another entry') });
  old = await startRemoteOriginServer(fixtureBuild, { ...labDescriptor('Old'), name: 'old', menus: [{ text: 'Old', url: '/old/', location: 'mainNavigation' }], shared: { react: '^18.2.0' } });
  // The front-end fetches descriptors again every half second here (30 s by default), so a redeployed
  // descriptor shows on a reload soon; the services stack's front-end process inherits it.
  process.env.LATTICE_UI_REMOTE_REFRESH_MS = '500';
  stack = await startUiStack([
    { name: 'documents', ui: 'local' },
    { name: 'lab', ui: 'remote', remoteUrl: `${lab.url}/remoteEntry.js` },
    { name: 'broken', ui: 'remote', remoteUrl: `${broken.url}/remoteEntry.js` },
    { name: 'old', ui: 'remote', remoteUrl: `${old.url}/remoteEntry.js` },
    { name: 'tampered', ui: 'remote', remoteUrl: `${tampered.url}/remoteEntry.js` },
  ]);
  browser = await launchChromium();
});

after(async () => {
  if (refreshEnv === undefined) delete process.env.LATTICE_UI_REMOTE_REFRESH_MS;
  else process.env.LATTICE_UI_REMOTE_REFRESH_MS = refreshEnv;
  await browser?.close();
  await stack?.stop();
  await Promise.all([lab?.close(), broken?.close(), old?.close(), tampered?.close()]);
});

/** Content-Security-Policy reports of the page: the shell, Mantine's styles and the remotes must need none. */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("a remote on its own origin shows its menu and route from its descriptor, and a new menu after a reload with no host change", async () => {
  const { page, pageErrors } = await newPage(browser);
  const violations = cspViolations(page);
  await openLoggedIn(page, stack, '/');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Lab', exact: true }).click();
  await page.getByRole('heading', { name: 'Fixture plugin' }).waitFor();
  await page.getByTestId('fixture-page').waitFor();

  // Its team redeploys the descriptor alone; the host is not touched. The front-end fetches it again on
  // its interval: once /plugins.json carries it, a reload shows it.
  lab.descriptor = labDescriptor('Lab notes');
  await waitForMenuInPluginsManifest(page, stack.frontend.url, 'Lab notes');
  await page.reload();
  const renamed = navigation.getByRole('link', { name: 'Lab notes' });
  await renamed.click();
  await page.getByTestId('fixture-page').waitFor();
  assert.equal(await navigation.getByRole('link', { name: 'Lab', exact: true }).count(), 0);
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(violations, []);
  await page.context().close();
});

test('a remote with an invalid descriptor, one built for React 18 and one whose entry does not match its entryHash are refused alone, each with its reason; the rest of the shell and /login work', async () => {
  const login = await fetch(`${stack.frontend.url}/login`);
  assert.equal(login.status, 200);
  const policy = login.headers.get('content-security-policy') ?? '';
  assert.match(policy, new RegExp(`script-src 'self' [^;]*${lab.url} ${broken.url} ${old.url} ${tampered.url}(;|$)`));
  assert.doesNotMatch(policy, /unsafe-eval/);
  assert.equal(login.headers.get('x-content-type-options'), 'nosniff');

  const { page, pageErrors } = await newPage(browser);
  const violations = cspViolations(page);
  await openLoggedIn(page, stack, '/documents/');
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  const panel = page.getByTestId('plugins-refused');
  await panel.getByText('3 plugins were left out').waitFor();
  await panel.getByText(/lattice-plugin\.json menus\.0\.location/).waitFor();
  await panel.getByText(/lattice-plugin\.json shared\.react: needs \^18\.2\.0, the shell has 19\./).waitFor();
  await panel.getByText(/lattice-plugin\.json entryHash: /).waitFor();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['Broken', 'Old', 'Tampered']) assert.equal(await navigation.getByRole('link', { name, exact: true }).count(), 0, name);

  // In German the alert's own sentences change; each reason stays as the front-end server words it.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await panel.getByText('3 Plugins wurden nicht eingebunden').waitFor();
  await panel.getByText('Der Rest von Lattice funktioniert weiter. Was die Teams der Plugins beheben müssen:').waitFor();
  await panel.getByText(/lattice-plugin\.json shared\.react: needs \^18\.2\.0, the shell has 19\./).waitFor();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await panel.getByText('3 plugins were left out').waitFor();

  await panel.getByRole('button', { name: 'Close' }).click();
  await navigation.getByRole('link', { name: /^Lab/ }).click();
  await page.getByTestId('fixture-page').waitFor();
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(violations, []);
  await page.context().close();
});

test("a remote whose entry hangs shows its panel after the shell's 8 s time-out, not the runtime's 20 s", async () => {
  const { page } = await newPage(browser);
  // The entry never answers (a hung CDN): the request stays open until the page closes.
  await page.route(`${lab.url}/remoteEntry.js*`, () => undefined);
  // Opened from the navigation: a page opened at /fixture/ would preload the entry and never finish loading.
  await openLoggedIn(page, stack, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Lab/ }).click();
  const panel = page.getByTestId('plugin-unavailable');
  await panel.waitFor({ timeout: 30_000 });
  // The shell's time-out, from /plugins.json, not the federation runtime's (its message says "timed out").
  await panel.getByText('lab did not load within 8 s').waitFor();
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'Welcome to Lattice' }).waitFor();
  await page.context().close();
});

test("a remote whose entry does not match its descriptor's entryHash is refused alone by the front-end server, with both hashes, before any browser fetches it; /login and the rest work", async () => {
  assert.equal((await fetch(`${stack.frontend.url}/login`)).status, 200);
  const { page, pageErrors } = await newPage(browser);
  const fromTampered: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(tampered.url)) fromTampered.push(`${request.resourceType()} ${request.url()}`);
  });
  await openLoggedIn(page, stack, '/');
  const panel = page.getByTestId('plugins-refused');
  const served = sha384(readFileSync(`${fixtureBuild}/remoteEntry.js`));
  await panel
    .getByText(`lattice-plugin.json entryHash: ${tampered.url}/remoteEntry.js does not match it (expected ${sha384('another entry')}, served ${served}); the shell does not run it`)
    .waitFor();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  assert.equal(await navigation.getByRole('link', { name: 'Tampered', exact: true }).count(), 0);

  // The rest of the shell: another remote (with a matching hash) and a local plugin.
  await navigation.getByRole('link', { name: /^Lab/ }).click();
  await page.getByTestId('fixture-page').waitFor();
  await navigation.getByRole('link', { name: 'Documents' }).click();
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  // Refused before any of it reached the browser: the page never asked the tampered remote for anything.
  assert.deepEqual(fromTampered, []);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('an entry served to the browser with other bytes than the front-end server checked is refused by the browser itself', async () => {
  const { page } = await newPage(browser);
  // A fault this test cannot cause for real (a CDN answering the browser with other bytes than the
  // front-end server's check got): the page's script request alone gets an altered entry.
  const entry = readFileSync(`${fixtureBuild}/remoteEntry.js`, 'utf8');
  await page.route(`${lab.url}/remoteEntry.js*`, (route) =>
    route.request().resourceType() === 'script'
      ? route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body: `${entry}\n;window.latticeTampered = true;` })
      : route.continue(),
  );
  await openLoggedIn(page, stack, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Lab/ }).click();
  await page.getByTestId('plugin-unavailable').waitFor({ timeout: 30_000 });
  assert.equal(await page.evaluate(() => (window as unknown as { latticeTampered?: boolean }).latticeTampered), undefined);
  await page.context().close();
});
