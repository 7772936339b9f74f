import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issue 18, first part: the shell on a desktop (1280×800) and a phone (390×844), Tabler icons, favicon and
// page titles, dark mode, confirmed removals, and the documents page at scale (paging, search, sort in the
// URL; the checked toggle without a list refetch). Screenshots of every page at both sizes go to
// playwright/test-results/responsive/.
const env = useBrowserAndStack();
const shots = screenshotFolder('responsive');
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof sizes;

interface Session {
  page: Page;
  pageErrors: string[];
  /** Every GraphQL operation the page sent, in order. */
  operations: string[];
  /** Every file answered with status 400 or more (a missing favicon would be one). */
  failures: string[];
}

async function openSession(browser: Browser, size: Size): Promise<Session> {
  const context = await browser.newContext({ viewport: sizes[size], colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const session: Session = { page, pageErrors: [], operations: [], failures: [] };
  page.on('pageerror', (error) => session.pageErrors.push(error.message));
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname !== '/gateway/graphql' || request.method() !== 'POST') return;
    session.operations.push((request.postDataJSON() as { operationName?: string }).operationName ?? '?');
  });
  page.on('response', (response: Response) => {
    // Files only: the GraphQL session check answers 401 on the login page by design.
    if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith('/gateway/')) session.failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return session;
}

const badge = (page: Page) => page.getByTestId('documents-total-count');
const rowCount = (page: Page, count: number) =>
  page.waitForFunction((expected) => document.querySelectorAll('[data-testid="document-row"]').length === expected, count);

async function title(page: Page, expected: string) {
  await page.waitForFunction((text) => document.title === text, expected);
}

/** The page never scrolls sideways: whatever is wide scrolls inside its own card. */
async function assertNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${where} is ${overflow}px wider than the screen`);
}

async function navigationShown(page: Page): Promise<boolean> {
  const box = await page.locator('#lattice-navigation').boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width > 0;
}

/** The colour-scheme control at the foot of the navigation (its radio inputs are hidden under their labels). */
async function chooseColorScheme(page: Page, label: 'Light' | 'System' | 'Dark') {
  await page.getByRole('navigation', { name: 'Main navigation' }).locator('label').filter({ hasText: new RegExp(`^${label}$`) }).click();
}

let typeIds: Record<string, string> = {};

test('seed: two types and 60 documents through the API', async () => {
  const graphql = env.stack.platform.graphql;
  for (const name of ['Contracts', 'Invoices']) {
    const response = await graphql<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id } }', { name });
    typeIds = { ...typeIds, [name]: response.data?.documentTypesAdd._id ?? '' };
  }
  for (let index = 1; index <= 60; index += 1) {
    const typeId = index % 3 === 0 ? typeIds.Contracts : index % 3 === 1 ? typeIds.Invoices : null;
    const response = await graphql('mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', {
      name: `Doc ${String(index).padStart(2, '0')}`,
      typeId,
    });
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  }
});

test('desktop 1280×800: favicon and titles, paging, filter, search, sort, toggle without refetch, confirmed removals, dark mode', async () => {
  const { page, pageErrors, operations, failures } = await openSession(env.browser, 'desktop');
  await page.goto(`${env.stack.frontend.url}/login`);
  await title(page, 'Log in · Lattice');
  await screenshot(page, shots, 'desktop-login');
  await openLoggedIn(page, env.stack, '/documents/');
  await title(page, 'Documents · Lattice');
  const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
  assert.ok(favicon, 'index.html names a favicon');
  assert.equal((await page.request.get(new URL(favicon, env.stack.frontend.url).href)).status(), 200);

  // The navigation is always there on a desktop, with an icon per entry; no menu button.
  assert.ok(await navigationShown(page));
  assert.equal(await page.getByRole('navigation', { name: 'Main navigation' }).locator('svg.tabler-icon').count(), 3, 'Home, Documents, Settings');
  assert.equal(await page.getByRole('button', { name: 'Open navigation' }).isVisible(), false);

  // Paging: 25 a page, the page in the URL.
  await badge(page).filter({ hasText: '60 documents' }).waitFor();
  await rowCount(page, 25);
  await page.getByRole('button', { name: '3', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '3');
  await rowCount(page, 10);
  await page.getByRole('cell', { name: 'Doc 60', exact: true }).waitFor();
  await page.reload();
  await rowCount(page, 10);
  await page.goBack();
  await rowCount(page, 25);

  // Create one through the form.
  await page.getByRole('button', { name: 'Add document' }).click();
  const form = page.getByRole('dialog', { name: 'Add document' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Annual report');
  await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Contracts' });
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
  await badge(page).filter({ hasText: '61 documents' }).waitFor();

  // Filter by type: the badge says how many of all.
  await page.getByRole('link', { name: 'Contracts' }).click();
  await page.waitForURL((url) => url.searchParams.get('type') === typeIds.Contracts);
  await badge(page).filter({ hasText: '21 of 61' }).waitFor();
  await rowCount(page, 21);
  await page.getByRole('cell', { name: 'Annual report', exact: true }).waitFor();

  // Search within the type, kept in the URL.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('doc 1');
  await page.waitForURL((url) => url.searchParams.get('q') === 'doc 1');
  await badge(page).filter({ hasText: '3 of 61' }).waitFor();
  await rowCount(page, 3);
  await screenshot(page, shots, 'desktop-documents-filtered');

  // Sort by name, then the other way round.
  // Clearing the search, then the type, one at a time: each waits for its URL before the next begins.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
  await page.waitForURL((url) => !url.searchParams.has('q') && url.searchParams.get('type') === typeIds.Contracts);
  await badge(page).filter({ hasText: '21 of 61' }).waitFor();
  await page.getByRole('link', { name: 'All documents' }).click();
  await page.waitForURL((url) => !url.searchParams.has('type'));
  await badge(page).filter({ hasText: '61 documents' }).waitFor();
  await page.getByRole('button', { name: 'Sort by name' }).click();
  await page.waitForURL((url) => url.searchParams.get('sort') === 'name' && !url.searchParams.has('dir'));
  await page.waitForFunction(() => (document.querySelector('[data-testid="document-row"] td') as HTMLElement | null)?.innerText.trim() === 'Annual report');
  await page.getByRole('button', { name: 'Sort by name' }).click();
  await page.waitForURL((url) => url.searchParams.get('dir') === 'desc');
  await page.waitForFunction(() => (document.querySelector('[data-testid="document-row"] td') as HTMLElement | null)?.innerText.trim() === 'Doc 60');
  assert.equal(await page.getByRole('columnheader', { name: 'Sort by name' }).getAttribute('aria-sort'), 'descending');
  await page.getByRole('button', { name: '2', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('sort') === 'name');
  await page.waitForFunction(() => (document.querySelector('[data-testid="document-row"] td') as HTMLElement | null)?.innerText.trim() === 'Doc 35');
  await page.waitForLoadState('networkidle');

  // The checked toggle: the row takes the mutation's answer; the list is not asked for again.
  const toggle = page.getByRole('switch', { name: 'Checked: Doc 30' });
  assert.equal(await toggle.isChecked(), false);
  const before = operations.length;
  const saved = page.waitForResponse((response) => response.url().endsWith('/gateway/graphql') && response.request().postDataJSON()?.operationName === 'DocumentsEdit');
  await toggle.click({ force: true });
  await saved;
  await page.waitForLoadState('networkidle');
  assert.equal(await toggle.isChecked(), true);
  // The shell's 5-second permissions check (CurrentUser) may fall in this window; it is not the list.
  assert.deepEqual(operations.slice(before).filter((name) => name !== 'CurrentUser'), ['DocumentsEdit'], 'one mutation, no refetch of the list');
  await page.reload();
  assert.equal(await page.getByRole('switch', { name: 'Checked: Doc 30' }).isChecked(), true, 'saved on the server');

  // Removing a document asks first: Cancel keeps it, Remove removes it.
  await page.getByRole('button', { name: 'Remove Doc 30' }).click();
  const confirmRemove = page.getByRole('dialog', { name: 'Remove document' });
  await confirmRemove.getByText('Doc 30').waitFor();
  await screenshot(page, shots, 'desktop-confirm-remove');
  await confirmRemove.getByRole('button', { name: 'Cancel' }).click();
  await confirmRemove.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'Doc 30', exact: true }).waitFor();
  await badge(page).filter({ hasText: '61 documents' }).waitFor();
  await page.getByRole('button', { name: 'Remove Doc 30' }).click();
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  await confirmRemove.waitFor({ state: 'detached' });
  await badge(page).filter({ hasText: '60 documents' }).waitFor();
  assert.equal(await page.getByRole('cell', { name: 'Doc 30', exact: true }).count(), 0);

  // Removing a type says how many documents lose it.
  await page.getByRole('button', { name: 'Remove type Invoices' }).click();
  const confirmType = page.getByRole('dialog', { name: 'Remove type' });
  await confirmType.getByTestId('type-removal-effect').filter({ hasText: '20 documents lose their type' }).waitFor();
  await confirmType.getByRole('button', { name: 'Cancel' }).click();
  await confirmType.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Invoices' }).waitFor();

  // Dark mode: follows the system by default, a switch overrides it and is remembered.
  const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  assert.equal(await scheme(), 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseColorScheme(page, 'Dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await page.reload();
  await rowCount(page, 25);
  assert.equal(await scheme(), 'dark', 'the choice survives a reload');
  await screenshot(page, shots, 'desktop-documents-dark');
  await chooseColorScheme(page, 'System');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'light');

  // A page past the end (an old link) turns into the last page there is.
  await page.goto(`${env.stack.frontend.url}/documents/?page=9`);
  await page.waitForURL((url) => url.searchParams.get('page') === '3');
  await rowCount(page, 10);

  // Every shell page, with its title.
  for (const [path, name, pageTitle] of [
    ['/', 'home', 'Home · Lattice'],
    ['/documents/', 'documents', 'Documents · Lattice'],
    ['/settings', 'settings', 'Settings · Lattice'],
    ['/no-such-page', 'not-found', 'Page not found · Lattice'],
  ] as const) {
    await page.goto(`${env.stack.frontend.url}${path}`);
    await title(page, pageTitle);
    await screenshot(page, shots, `desktop-${name}`);
  }
  assert.deepEqual(failures, [], 'no file is missing (favicon included)');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('phone 390×844: the menu button opens and closes the navigation, every page fits, documents work', async () => {
  const { page, pageErrors, failures } = await openSession(env.browser, 'phone');
  await page.goto(`${env.stack.frontend.url}/login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await assertNoSidewaysScroll(page, '/login');
  await screenshot(page, shots, 'phone-login');
  await openLoggedIn(page, env.stack, '/');
  await title(page, 'Home · Lattice');

  // The navigation is closed; the menu button opens it, and again closes it.
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  await menuButton.waitFor();
  assert.equal(await navigationShown(page), false, 'closed at first');
  await menuButton.click();
  await page.waitForFunction(() => (document.getElementById('lattice-navigation')?.getBoundingClientRect().x ?? -1) >= 0);
  await screenshot(page, shots, 'phone-navigation-open');
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await page.waitForFunction(() => (document.getElementById('lattice-navigation')?.getBoundingClientRect().right ?? 1) <= 0);
  // Following a link closes it too.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
  await page.waitForURL((url) => url.pathname === '/documents/');
  await page.waitForFunction(() => (document.getElementById('lattice-navigation')?.getBoundingClientRect().right ?? 1) <= 0);
  await title(page, 'Documents · Lattice');

  // The documents page fits: the table scrolls inside its card.
  await rowCount(page, 25);
  await assertNoSidewaysScroll(page, '/documents/');
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('doc 5');
  await page.waitForURL((url) => url.searchParams.get('q') === 'doc 5');
  await rowCount(page, 10);
  await screenshot(page, shots, 'phone-documents-search');
  // From the keyboard too.
  await page.getByRole('switch', { name: 'Checked: Doc 51' }).press('Space');
  await page.waitForFunction(() => (document.querySelector('[aria-label="Checked: Doc 51"]') as HTMLInputElement | null)?.checked === true);
  await page.getByRole('button', { name: 'Remove Doc 52' }).click();
  const confirmRemove = page.getByRole('dialog', { name: 'Remove document' });
  await confirmRemove.getByRole('button', { name: 'Cancel' }).click();
  await confirmRemove.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Remove Doc 52' }).click();
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  await rowCount(page, 9);
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('');
  await page.waitForURL((url) => !url.searchParams.has('q'));

  // Dark mode on the phone, from the navigation.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await chooseColorScheme(page, 'Dark');
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark');
  await screenshot(page, shots, 'phone-navigation-dark');
  await chooseColorScheme(page, 'Light');
  await page.getByRole('button', { name: 'Close navigation' }).click();

  for (const [path, name, pageTitle] of [
    ['/', 'home', 'Home · Lattice'],
    ['/documents/', 'documents', 'Documents · Lattice'],
    ['/documents/?page=2&sort=name', 'documents-page-2', 'Documents · Lattice'],
    ['/settings', 'settings', 'Settings · Lattice'],
    ['/no-such-page', 'not-found', 'Page not found · Lattice'],
  ] as const) {
    await page.goto(`${env.stack.frontend.url}${path}`);
    await title(page, pageTitle);
    await page.waitForLoadState('networkidle');
    await assertNoSidewaysScroll(page, path);
    await screenshot(page, shots, `phone-${name}`);
  }
  assert.deepEqual(failures, []);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
