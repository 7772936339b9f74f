import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { buildFixture, copyFixture } from './support/build-fixture-remote.js';
import { launchChromium } from './support/chromium.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { startRemoteOriginServer, type RemoteOriginServer } from './support/remote-origin-server.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

// A remote's team ships a new release while a user has its page open: the tab learns of it and offers a
// reload, and the reload runs the new code. The remote is the Rsbuild fixture, built here twice (its
// code changed in between) outside the shell's build, and served from a port of its own as
// { name, ui: "remote", ui_url } alone.
const releaseTwo = 'Release 2 built with Rsbuild';
const menu = { text: 'Redeploy lab', url: '/redeploy-lab/', icon: 'flask', location: 'mainNavigation' };

let releases: string[] = [];
let webRoot: string;
let remote: RemoteOriginServer;
let stack: UiStack;
let browser: Browser;
const savedEnv = { refresh: process.env.LATTICE_UI_REMOTE_REFRESH_MS, check: process.env.LATTICE_UI_UPDATE_CHECK_MS };

/** Deploys a build as a static host would: chunks first, then the entry that names them. */
async function deploy(release: string): Promise<void> {
  const dist = join(release, 'dist');
  await cp(dist, webRoot, { recursive: true, force: true, filter: (source) => !source.endsWith('remoteEntry.js') });
  await copyFile(join(dist, 'remoteEntry.js'), join(webRoot, 'remoteEntry.js'));
}

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

before(async () => {
  releases = await Promise.all([copyFixture('remote-rsbuild'), copyFixture('remote-rsbuild')]);
  const routes = join(releases[1]!, 'src', 'routes.js');
  const code = await readFile(routes, 'utf8');
  assert.ok(code.includes('`Built with Rsbuild'), 'the fixture renders the text this test changes');
  await writeFile(routes, code.replace('`Built with Rsbuild', `\`${releaseTwo}`));
  const seconds = await Promise.all(releases.map((release) => buildFixture(release, '@rsbuild/core')));
  console.log(`# fixture builds: ${seconds.map((value) => `${value.toFixed(1)} s`).join(', ')}`);

  webRoot = await mkdtemp(join(tmpdir(), 'lattice-redeploy-root-'));
  await deploy(releases[0]!);
  const descriptor = JSON.parse(await readFile(join(releases[0]!, 'dist', 'lattice-plugin.json'), 'utf8')) as Record<string, unknown>;
  remote = await startRemoteOriginServer(webRoot, { ...descriptor, name: 'redeploy-lab', menus: [menu] });
  // The front-end reads the remote's entry again every half second (30 s by default) and the tab asks
  // /plugins.json every second (60 s by default); the services stack's front-end process inherits both.
  process.env.LATTICE_UI_REMOTE_REFRESH_MS = '500';
  process.env.LATTICE_UI_UPDATE_CHECK_MS = '1000';
  stack = await startUiStack([
    { name: 'documents', ui: 'local' },
    { name: 'redeploy-lab', ui: 'remote', remoteUrl: `${remote.url}/remoteEntry.js` },
  ]);
  browser = await launchChromium();
});

after(async () => {
  restoreEnv('LATTICE_UI_REMOTE_REFRESH_MS', savedEnv.refresh);
  restoreEnv('LATTICE_UI_UPDATE_CHECK_MS', savedEnv.check);
  await browser?.close();
  await stack?.stop();
  await remote?.close();
  await Promise.all([...releases, webRoot].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

test("a redeployed remote: the open tab says it was updated, and its new code runs after the Reload it offers", async () => {
  const { page, pageErrors } = await newPage(browser);
  await openLoggedIn(page, stack, '/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: menu.text, exact: true }).click();
  const text = page.getByTestId('toolchain-remote-page');
  await text.getByText('Built with Rsbuild, shown at /redeploy-lab/').waitFor();
  const notice = page.getByTestId('plugin-updated');
  assert.equal(await notice.count(), 0, 'no notice before a redeploy');

  await deploy(releases[1]!);
  // The front-end server's next read of the entry, then the tab's next check: seconds here, minutes at most by default.
  // A status region named by its title, so a screen reader announces it without taking the focus.
  await page.getByRole('status', { name: `${menu.text} was updated` }).waitFor({ timeout: 90_000 });
  // Until the reload, the tab still runs the code it loaded.
  assert.equal(await text.textContent(), 'Built with Rsbuild, shown at /redeploy-lab/');

  await notice.getByRole('button', { name: 'Reload' }).click();
  await text.getByText(`${releaseTwo}, shown at /redeploy-lab/`).waitFor({ timeout: 60_000 });
  assert.equal(await notice.count(), 0, 'the reloaded tab runs the new code: nothing to offer');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
