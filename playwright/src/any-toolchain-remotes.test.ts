import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildFixture, fixturesDir, type FixtureTool } from './support/build-fixture-remote.js';
import { launchChromium } from './support/chromium.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { startRemoteOriginServer, type RemoteOriginServer } from './support/remote-origin-server.js';
import { readShareScope } from './support/share-scope.js';
import { waitForMenuInPluginsManifest } from './support/plugins-manifest.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

// Two remotes as teams outside this repository build them, with toolchains the shell's build does not use:
// Rsbuild (a classic-script entry) and Vite (an ES-module entry). Each is built here, served from a port
// of its own, and enabled with nothing but { name, ui: "remote", ui_url }.
const require = createRequire(import.meta.url);

interface Toolchain {
  fixture: 'remote-rsbuild' | 'remote-vite';
  tool: FixtureTool;
  title: string;
  built?: { dir: string; descriptor: Record<string, unknown>; seconds: number };
  server?: RemoteOriginServer;
}

const toolchains: Toolchain[] = [
  { fixture: 'remote-rsbuild', tool: '@rsbuild/core', title: 'Rsbuild remote' },
  { fixture: 'remote-vite', tool: 'vite', title: 'Vite remote' },
];

/** `rsbuild build` / `vite build` in the fixture's folder, into its git-ignored dist, timed. */
async function build(toolchain: Toolchain): Promise<NonNullable<Toolchain['built']>> {
  const cwd = join(fixturesDir, toolchain.fixture);
  const seconds = await buildFixture(cwd, toolchain.tool);
  const dir = join(cwd, 'dist');
  const descriptor = JSON.parse(await readFile(join(dir, 'lattice-plugin.json'), 'utf8')) as Record<string, unknown>;
  // The hash a team would publish with its entry: the browser must then find exactly these bytes.
  descriptor.entryHash = `sha384-${createHash('sha384').update(await readFile(join(dir, 'remoteEntry.js'))).digest('base64')}`;
  return { dir, descriptor, seconds };
}

/** The version the shell's build has of a shared module (the one installed in the repository). */
function shellVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The built files holding any of `markers`: code of React or of the router would show them. */
async function filesHolding(dir: string, markers: string[]): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.js'));
  const holding: string[] = [];
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    if (markers.some((marker) => text.includes(marker))) holding.push(file);
  }
  return holding;
}

const menuText = (toolchain: Toolchain) => ((toolchain.built!.descriptor.menus as Array<{ text: string }>)[0]!.text);
const menuUrl = (toolchain: Toolchain) => ((toolchain.built!.descriptor.menus as Array<{ url: string }>)[0]!.url);

let stack: UiStack;
// The Rsbuild build once more, enabled by its Module Federation manifest rather than its entry.
let manifestRemote: RemoteOriginServer;
const manifestDescriptor = () => ({
  ...toolchains[0]!.built!.descriptor,
  name: 'rsbuild-manifest',
  menus: [{ text: 'Rsbuild via manifest', url: '/rsbuild-manifest/', icon: 'flask', location: 'mainNavigation' }],
  // The hash would be the manifest's: this one shows the manifest path alone.
  entryHash: undefined,
});
let browser: Browser;
const refreshEnv = process.env.LATTICE_UI_REMOTE_REFRESH_MS;

before(async () => {
  const started = performance.now();
  await Promise.all(toolchains.map(async (toolchain) => (toolchain.built = await build(toolchain))));
  const took = toolchains.map((toolchain) => `${toolchain.fixture} ${toolchain.built!.seconds.toFixed(1)} s`).join(', ');
  console.log(`# fixture builds: ${took}; both in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const toolchain of toolchains) toolchain.server = await startRemoteOriginServer(toolchain.built!.dir, toolchain.built!.descriptor);
  manifestRemote = await startRemoteOriginServer(toolchains[0]!.built!.dir, manifestDescriptor());
  // The front-end fetches descriptors again every half second here (30 s by default).
  process.env.LATTICE_UI_REMOTE_REFRESH_MS = '500';
  stack = await startUiStack([
    { name: 'documents', ui: 'local' },
    ...toolchains.map((toolchain) => ({ name: toolchain.built!.descriptor.name as string, ui: 'remote' as const, remoteUrl: `${toolchain.server!.url}/remoteEntry.js` })),
    { name: 'rsbuild-manifest', ui: 'remote', remoteUrl: `${manifestRemote.url}/mf-manifest.json` },
  ]);
  browser = await launchChromium();
});

after(async () => {
  if (refreshEnv === undefined) delete process.env.LATTICE_UI_REMOTE_REFRESH_MS;
  else process.env.LATTICE_UI_REMOTE_REFRESH_MS = refreshEnv;
  await browser?.close();
  await stack?.stop();
  await Promise.all([...toolchains.map((toolchain) => toolchain.server?.close()), manifestRemote?.close()]);
});

/** Opens a remote from the main navigation and waits for its page. */
async function openRemote(page: Page, toolchain: Toolchain, text: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: text, exact: true }).click();
  await page.getByRole('heading', { name: toolchain.title, exact: true }).waitFor();
}

for (const toolchain of toolchains) {
  test(`${toolchain.fixture}: its menu and route come from its own descriptor, and it runs on the shell's single React, router and client`, async () => {
    const { page, pageErrors } = await newPage(browser);
    await openLoggedIn(page, stack, '/');
    await openRemote(page, toolchain, menuText(toolchain));
    const text = page.getByTestId('toolchain-remote-page');
    // useLocation answers from the shell's router: the remote has no router of its own.
    assert.equal(await text.textContent(), `Built with ${toolchain.title.split(' ')[0]}, shown at ${menuUrl(toolchain)}`);
    // State hooks work only on the React that renders them, the shell's.
    await page.getByRole('button', { name: 'Clicked 0 times' }).click();
    await page.getByRole('button', { name: 'Clicked 1 times' }).waitFor();

    // The remote brings its own federation runtime, so the share scope is listed once per runtime: every
    // listing must be the one copy the shell registered, used by the remote.
    const scope = await readShareScope(page);
    const remoteScope = toolchain.built!.descriptor.scope as string;
    for (const name of ['react', 'react-dom', 'react-router-dom', '@apollo/client', '@lattice/ui-sdk']) {
      const versions = scope[name] ?? [];
      const copies = new Set(versions.map((version) => `${version.version} from ${version.from}`));
      assert.equal(copies.size, 1, `${name}: one registered copy, got ${JSON.stringify(versions)}`);
      assert.equal(versions[0]?.version, shellVersion(name), `${name}: the shell's version`);
      // The runtime records as `from` whoever loaded a module first: the shell loads all but the router
      // itself; the router it provides lazily, for remotes only, so a remote may be the first to load it.
      if (name !== 'react-router-dom') assert.equal(versions[0]?.from, 'lattice_shell', `${name} comes from the shell`);
    }
    for (const name of ['react', 'react-router-dom']) {
      assert.ok(scope[name]?.some((version) => version.loaded && version.useIn.includes(remoteScope)), `${remoteScope} uses the shell's ${name}: ${JSON.stringify(scope[name])}`);
    }
    // And it could use no other: its build holds no React and no router to fall back on.
    assert.deepEqual(await filesHolding(toolchain.built!.dir, ['react.transitional.element', 'in the context of a <Router>']), []);
    assert.deepEqual(pageErrors, []);
    await page.context().close();
  });
}

test("a remote enabled by its mf-manifest.json is loaded from what the manifest names", async () => {
  const { page, pageErrors } = await newPage(browser);
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(manifestRemote.url)) fetched.push(`${response.request().resourceType()} ${new URL(response.url()).pathname}`);
  });
  await openLoggedIn(page, stack, '/');
  await openRemote(page, toolchains[0]!, 'Rsbuild via manifest');
  assert.equal(await page.getByTestId('toolchain-remote-page').textContent(), 'Built with Rsbuild, shown at /rsbuild-manifest/');
  // The front-end server read the manifest and put the entry it names in /plugins.json: the browser
  // loads that entry and never reads the manifest itself.
  assert.ok(fetched.includes('script /remoteEntry.js'), fetched.join(', '));
  assert.ok(!fetched.some((line) => line.endsWith('/mf-manifest.json')), fetched.join(', '));
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('a menu changed in a remote descriptor shows after a reload, with no change to the host', async () => {
  const { page, pageErrors } = await newPage(browser);
  await openLoggedIn(page, stack, '/');
  for (const toolchain of toolchains) {
    const renamed = `${menuText(toolchain)} v2`;
    toolchain.server!.descriptor = { ...toolchain.built!.descriptor, menus: [{ ...(toolchain.built!.descriptor.menus as object[])[0], text: renamed }] };
    await waitForMenuInPluginsManifest(page, stack.frontend.url, renamed);
  }
  await page.reload();
  for (const toolchain of toolchains) {
    await openRemote(page, toolchain, `${menuText(toolchain)} v2`);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    assert.equal(await navigation.getByRole('link', { name: menuText(toolchain), exact: true }).count(), 0);
  }
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
