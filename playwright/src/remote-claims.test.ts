import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import documentsPlugin from '@lattice/plugin-documents';
import imapPlugin from '@lattice/plugin-imap';
import inboxPlugin from '@lattice/plugin-inbox';
import { launchChromium } from './support/chromium.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { waitForPluginsManifest } from './support/plugins-manifest.js';
import { startRemoteOriginServer, type RemoteOriginServer } from './support/remote-origin-server.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

// Issue 36: remotes deployed by outside teams may claim only what is theirs, fail with a reason in words,
// and show a redeploy on the next load whatever their cache headers. The remotes are the fixture's webpack
// build, each served from a port of its own as { name, ui: "remote", ui_url } alone.
const fixtureBuild = fileURLToPath(new URL('../../ui-plugins/fixture/dist', import.meta.url));
const descriptor = (name: string, overrides: Record<string, unknown>) => ({
  name,
  scope: 'fixture',
  routes: { module: './routes' },
  menus: [{ text: name, url: `/${name}/`, icon: 'flask', location: 'mainNavigation' }],
  shared: { react: '^19.0.0' },
  ...overrides,
});
const imapKind = { name: 'IMAP (mine)', kind: 'imap', isAvailable: true };

let stack: UiStack;
let browser: Browser;
let kindThief: RemoteOriginServer;
let pathThief: RemoteOriginServer;
let cached: RemoteOriginServer;
let webRoot: string;
const savedEnv = { refresh: process.env.LATTICE_UI_REMOTE_REFRESH_MS };

/**
 * Release 2 of the fixture as its build would give it: the exposed module's text changed, so its chunk has
 * another content hash, and the entry names the new chunk. Deployed as a static host would: chunk first.
 */
async function deployReleaseTwo(): Promise<void> {
  const chunk = (await readdir(fixtureBuild)).find((file) => /^__federation_expose_routes\.[0-9a-f]+\.js$/.test(file));
  assert.ok(chunk, 'the fixture build has its routes chunk');
  const oldHash = chunk.split('.')[1]!;
  const newHash = 'fe'.repeat(oldHash.length / 2);
  const code = await readFile(join(fixtureBuild, chunk), 'utf8');
  assert.ok(code.includes('Served by the fixture remote.'), 'the fixture renders the text this test changes');
  await writeFile(join(webRoot, chunk.replace(oldHash, newHash)), code.replace('Served by the fixture remote.', 'Served by release 2 of the fixture remote.'));
  const entry = await readFile(join(fixtureBuild, 'remoteEntry.js'), 'utf8');
  assert.ok(entry.includes(oldHash), 'the entry names its chunk by its hash');
  await writeFile(join(webRoot, 'remoteEntry.next.js'), entry.replace(oldHash, newHash));
  await rename(join(webRoot, 'remoteEntry.next.js'), join(webRoot, 'remoteEntry.js'));
}

before(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'lattice-cached-remote-'));
  await cp(fixtureBuild, webRoot, { recursive: true });
  // One remote claims imap's inbox kind (with its settings, form and conversation view), one documents' path and /login.
  kindThief = await startRemoteOriginServer(
    fixtureBuild,
    descriptor('kind-thief', { inboxIntegration: imapKind, inboxIntegrationSettings: './routes', inboxIntegrationForm: './routes', inboxConversationDetail: './routes' }),
  );
  pathThief = await startRemoteOriginServer(fixtureBuild, descriptor('path-thief', { menus: [
    { text: 'My documents', url: '/documents/', icon: 'flask', location: 'mainNavigation' },
    { text: 'Sign in here', url: '/login', icon: 'flask', location: 'mainNavigation' },
  ] }));
  // Ordinary hosting: the entry may be cached for an hour.
  cached = await startRemoteOriginServer(webRoot, descriptor('cached-lab', { menus: [{ text: 'Cached lab', url: '/cached-lab/', icon: 'flask', location: 'mainNavigation' }] }), {
    entryCacheControl: 'public, max-age=3600',
  });
  process.env.LATTICE_UI_REMOTE_REFRESH_MS = '500';
  stack = await startUiStack(
    [
      { name: 'documents', ui: 'local' },
      { name: 'inbox', ui: 'local' },
      { name: 'imap', ui: 'local' },
      { name: 'kind-thief', ui: 'remote', remoteUrl: `${kindThief.url}/remoteEntry.js` },
      { name: 'path-thief', ui: 'remote', remoteUrl: `${pathThief.url}/remoteEntry.js` },
      { name: 'cached-lab', ui: 'remote', remoteUrl: `${cached.url}/remoteEntry.js` },
    ],
    [documentsPlugin, contactsPlugin, inboxPlugin, imapPlugin],
  );
  browser = await launchChromium();
});

after(async () => {
  if (savedEnv.refresh === undefined) delete process.env.LATTICE_UI_REMOTE_REFRESH_MS;
  else process.env.LATTICE_UI_REMOTE_REFRESH_MS = savedEnv.refresh;
  await browser?.close();
  await stack?.stop();
  await Promise.all([kindThief?.close(), pathThief?.close(), cached?.close()]);
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

/** Requests the page made to a remote's origin. */
function requestsTo(page: Page, origins: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (origins.some((origin) => request.url().startsWith(origin))) seen.push(request.url());
  });
  return seen;
}

test("a remote claiming imap's kind or documents' path and /login is refused with the reason; imap's and documents' pages still work", async () => {
  const { page, pageErrors } = await newPage(browser);
  const thieves = requestsTo(page, [kindThief.url, pathThief.url]);
  // The first page of the file's browser loads the shell cold, on a machine the other tests share.
  page.setDefaultTimeout(60_000);
  await page.goto(`${stack.frontend.url}/login`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  // The shell preloads its own startup chunks; nothing of a plugin, least of all of the one claiming /login.
  const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"], link[rel="modulepreload"]')].map((link) => link.href));
  assert.deepEqual(preloaded.filter((href) => href.includes('/plugins/') || href.includes('remoteEntry') || !href.startsWith(stack.frontend.url)), [], '/login preloads no plugin');

  await openLoggedIn(page, stack, '/documents/');
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  const panel = page.getByTestId('plugins-refused');
  await panel.getByText('2 plugins were left out').waitFor();
  const kind = panel.getByTestId('plugin-refused-kind-thief');
  await kind.getByText('Claim check failed: it claims a page, an inbox kind or a scope of another plugin or of Lattice').waitFor();
  await kind.getByText(/inboxIntegration\.kind: "imap" is the imap plugin's inbox kind \(and with it the slots inboxIntegrationSettings, inboxIntegrationForm, inboxConversationDetail\)/).waitFor();
  const path = panel.getByTestId('plugin-refused-path-thief');
  await path.getByText(/menus\.0\.url: "\/documents\/" is the documents plugin's path \/documents\/; menus\.1\.url: "\/login" is the platform's path \/login\//).waitFor();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of ['kind-thief', 'My documents', 'Sign in here']) assert.equal(await navigation.getByRole('link', { name, exact: true }).count(), 0, name);

  // imap's own page and its inbox form, from imap's remote.
  await page.goto(`${stack.frontend.url}/imap/`);
  await page.getByRole('heading', { name: 'IMAP accounts' }).waitFor();
  await page.goto(`${stack.frontend.url}/inbox/integrations`);
  await page.getByRole('button', { name: 'Add IMAP e-mail integration' }).click();
  await page.getByRole('dialog', { name: 'Add IMAP e-mail integration' }).getByRole('textbox', { name: 'IMAP host' }).waitFor();
  assert.equal(await page.getByTestId('fixture-page').count(), 0, "the fixture's code never stands in for imap's form");
  assert.deepEqual(thieves, [], 'nothing of a refused remote reaches the browser');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test("/plugins.json without a session gives only the login page's needs; a signed-in owner gets the plugins and the reasons", async () => {
  const anonymous = (await (await fetch(`${stack.frontend.url}/plugins.json`)).json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(anonymous).sort(), ['plugins', 'remoteLoadTimeoutMs', 'signedIn', 'updateCheckMs']);
  assert.deepEqual(anonymous.plugins, []);
  assert.equal(anonymous.signedIn, false);
  const page = await (await fetch(`${stack.frontend.url}/documents/`)).text();
  assert.doesNotMatch(page, new RegExp(`${cached.url}|${kindThief.url}|remoteEntry`), 'the page without a session names no remote');

  const { page: signedIn } = await newPage(browser);
  await openLoggedIn(signedIn, stack, '/');
  const body = JSON.parse(await (await signedIn.context().request.get(`${stack.frontend.url}/plugins.json`)).text()) as {
    plugins: Array<{ name: string }>;
    refused: Array<{ name: string; check: string; reason?: string }>;
  };
  assert.deepEqual(body.plugins.map((plugin) => plugin.name), ['documents', 'inbox', 'imap', 'cached-lab']);
  assert.deepEqual(body.refused.map((plugin) => [plugin.name, plugin.check, Boolean(plugin.reason)]), [
    ['kind-thief', 'claim', true],
    ['path-thief', 'claim', true],
  ]);
  await signedIn.context().close();
});

test('a redeployed remote served with max-age=3600 shows its new code on the next load', async () => {
  const { page, pageErrors } = await newPage(browser);
  const entries: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/remoteEntry.js' && response.url().startsWith(cached.url)) entries.push(`${response.url()} ${response.fromServiceWorker() ? 'sw' : response.status()}`);
  });
  await openLoggedIn(page, stack, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Cached lab', exact: true }).click();
  await page.getByTestId('fixture-page').getByText('Served by the fixture remote.').waitFor();
  const before = JSON.parse(await (await page.context().request.get(`${stack.frontend.url}/plugins.json`)).text()) as { plugins: Array<{ name: string; entry?: { url: string; version: string } }> };
  const first = before.plugins.find((plugin) => plugin.name === 'cached-lab')?.entry;
  assert.ok(first && first.url.includes('?v='), `the entry URL carries its version: ${first?.url}`);
  const firstVersion = first.version;

  await deployReleaseTwo();
  // The front-end server reads the entry again on its interval (half a second here, 30 s by default).
  await waitForPluginsManifest(page, stack.frontend.url, (text) => !text.includes(firstVersion), 'gave the cached-lab entry another version');
  await page.goto(`${stack.frontend.url}/cached-lab/`);
  await page.getByTestId('fixture-page').getByText('Served by release 2 of the fixture remote.').waitFor({ timeout: 60_000 });
  assert.equal(new Set(entries.map((line) => line.split(' ')[0])).size, 2, `two entry URLs, one per release: ${entries.join(', ')}`);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
