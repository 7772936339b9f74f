import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { startDashboardApi, type RunningDashboardApi } from '@lattice/dashboard-api';
import { dashboardFrontDir } from '@lattice/dashboard-front/server';
import { createLogger } from '@lattice/platform';
import { logIn, startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import documentsPlugin from '@lattice/plugin-documents';
import { startFrontendServer, type RunningFrontendServer } from '@lattice/ui-shell/server';
import { PubSub } from 'graphql-subscriptions';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { ensureUiBuilt } from './support/ensure-ui-built.js';

// Issue 31: the dashboard front-end as npm start serves it (/dashboard/front/ and /dashboard/api/ on the shell's
// server): add a bar chart of documents by type, save, reload, it is there; its CSV has the database's numbers.
let platform: TestPlatform;
let api: RunningDashboardApi;
let frontend: RunningFrontendServer;
let browser: Browser;

before(async () => {
  ensureUiBuilt();
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
  api = await startDashboardApi({
    port: 0,
    broker: platform.broker,
    pubsub: new PubSub(),
    authTokenSecret: platform.authTokenSecret,
    plugins: ['documents'],
    mongoUrl: platform.mongoUrl,
    dbName: `dashboard-browser-${randomBytes(4).toString('hex')}`,
    logger: createLogger('dashboard-browser-test', 'silent'),
    cacheMs: 0,
  });
  frontend = await startFrontendServer({ port: 0, gatewayUrl: platform.gatewayUrl, plugins: [{ name: 'documents', ui: 'local' }], dashboard: { apiUrl: api.url, frontDir: dashboardFrontDir } });
  browser = await launchChromium();
  for (const [typeName, count] of [['Invoice', 3], ['Contract', 2]] as const) {
    const type = await platform.graphql<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id } }', { name: typeName });
    for (let index = 0; index < count; index += 1) {
      await platform.graphql('mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', { name: `${typeName} ${index}`, typeId: type.data!.documentTypesAdd._id });
    }
  }
});
after(async () => {
  await browser?.close();
  await frontend?.stop();
  await api?.stop();
  await platform?.stop();
});

test('add a bar chart of documents by type, save, reload: it is there, and its CSV has the same numbers', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The owner's login cookie, as the shell's login form sets it (the login form itself is login.test.ts's).
  const [name, value] = platform.authCookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: frontend.url, httpOnly: true }]);
  await page.goto(`${frontend.url}/dashboard/front/`);
  // The default dashboard of a new install comes first.
  await page.getByRole('combobox', { name: 'Dashboard' }).filter({ hasText: 'Overview (default)' }).waitFor();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title' }).first().fill('Documents board');
  await page.getByRole('button', { name: 'Add tile' }).click();
  const builder = page.getByRole('form', { name: 'New tile' });
  await builder.getByLabel('Dataset').selectOption('Documents');
  await builder.getByLabel('Measure').selectOption('Documents.count');
  await builder.getByLabel('Group by').selectOption('Documents.typeName');
  await builder.getByLabel('Chart').selectOption('bar');
  await builder.getByRole('button', { name: 'Add tile' }).click();
  const tile = page.getByRole('region', { name: 'Documents by type' });
  await tile.getByRole('img', { name: 'bar chart: Documents by type' }).locator('canvas').waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  await page.waitForFunction(() => window.location.hash.length > 1);

  await page.reload();
  await page.getByRole('combobox', { name: 'Dashboard' }).filter({ hasText: 'Documents board' }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Title' }).first().inputValue(), 'Documents board');
  const reloaded = page.getByRole('region', { name: 'Documents by type' });
  await reloaded.getByRole('img', { name: 'bar chart: Documents by type' }).locator('canvas').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), reloaded.getByRole('button', { name: 'Export Documents by type as CSV' }).click()]);
  assert.equal(download.suggestedFilename(), 'Documents-by-type.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  assert.equal(csv, 'Type,Documents\r\nInvoice,3\r\nContract,2\r\n');
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test("the shell's navigation links to the dashboard for a user who may read a dataset, and not for one who may read none", async () => {
  // A member denied documents:showDocuments may read no dataset of this install (documents is its only plugin).
  const email = `reader-${randomBytes(4).toString('hex')}@lattice.test`;
  const password = randomBytes(12).toString('base64url');
  const added = await platform.graphql<{ usersAdd: { _id: string } }>('mutation ($email: String!, $password: String!) { usersAdd(email: $email, password: $password, role: member) { _id } }', { email, password });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  const denied = await platform.graphql('mutation ($id: String!) { usersSetPermissionOverrides(_id: $id, grants: [], denials: ["documents:showDocuments"]) { _id } }', { id: added.data!.usersAdd._id });
  assert.equal(denied.errors, undefined, JSON.stringify(denied.errors));
  const memberCookie = await logIn(`${platform.gatewayUrl}/graphql`, { email, password });

  const openShell = async (cookie: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: frontend.url, httpOnly: true }]);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    // The shell asks the dashboard for the user's datasets once it knows the user: the answer decides the link.
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/dashboard/api/v1/meta');
    await page.goto(`${frontend.url}/`);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Settings' }).waitFor();
    const answer = await asked;
    return { context, page, navigation, cubes: ((await answer.json()) as { cubes: Array<{ name: string }> }).cubes.map((cube) => cube.name) };
  };

  const owner = await openShell(platform.authCookie);
  assert.deepEqual(owner.cubes, ['Documents']);
  const link = owner.navigation.getByRole('link', { name: 'Dashboard' });
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), '/dashboard/front/');
  // The home page links to it too.
  const homeLink = owner.page.getByRole('main').getByRole('link', { name: 'Dashboard' });
  await homeLink.waitFor();
  assert.equal(await homeLink.getAttribute('href'), '/dashboard/front/');
  await link.click();
  await owner.page.waitForURL(`${frontend.url}/dashboard/front/`);
  await owner.page.getByRole('combobox', { name: 'Dashboard' }).waitFor();
  await owner.context.close();

  const member = await openShell(memberCookie);
  assert.deepEqual(member.cubes, []);
  // The navigation has taken the answer in (it says so on itself); the link must not be there.
  await member.page.locator('[data-dashboard-access="none"]').waitFor();
  assert.equal(await member.navigation.getByRole('link', { name: 'Dashboard' }).count(), 0);
  assert.equal(await member.page.getByRole('main').getByRole('link', { name: 'Dashboard' }).count(), 0);
  await member.context.close();
});
