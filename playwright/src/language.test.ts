import { test } from 'node:test';
import assert from 'node:assert/strict';
import contactsPlugin from '@lattice/plugin-contacts';
import documentsPlugin from '@lattice/plugin-documents';
import inboxPlugin from '@lattice/plugin-inbox';
import type { Page } from 'playwright-core';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issue 18, a second language: the header's language switch turns the shell (navigation, home page, a
// plural, a date), the plugins' menus (their configs' `translations`) and a remote's own catalogue (the
// inbox widget) to German, the choice survives a reload, and English comes back. Screenshots go to playwright/test-results/language/.
const env = useBrowserAndStack(
  [
    { name: 'documents', ui: 'local' },
    { name: 'inbox', ui: 'local' },
  ],
  [documentsPlugin, contactsPlugin, inboxPlugin],
);
const shots = screenshotFolder('language');
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

// The browser and this process share the machine's time zone, so Node's Intl says what the page must show.
const today = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(new Date());

const english = { welcome: 'Welcome to Lattice', plugins: '2 apps in use', locale: 'en', home: 'Home', settings: 'Settings', openNavigation: 'Open navigation', closeNavigation: 'Close navigation', mainNavigation: 'Main navigation', inbox: 'Open conversations', documentsMenu: 'Documents', inboxMenu: 'Inbox' };
const german = { welcome: 'Willkommen bei Lattice', plugins: '2 Apps in Verwendung', locale: 'de', home: 'Startseite', settings: 'Einstellungen', openNavigation: 'Navigation öffnen', closeNavigation: 'Navigation schließen', mainNavigation: 'Hauptnavigation', inbox: 'Offene Unterhaltungen', documentsMenu: 'Dokumente', inboxMenu: 'Posteingang' };

async function expectHome(page: Page, size: keyof typeof sizes, text: typeof english) {
  await page.getByRole('heading', { name: text.welcome }).waitFor();
  const summary = page.getByTestId('home-summary');
  await summary.filter({ hasText: text.plugins }).waitFor();
  assert.equal(await summary.textContent(), `${today(text.locale)} · ${text.plugins}`);
  await page.getByRole('region', { name: text.inboxMenu }).getByText(text.inbox, { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), text.locale);
  assert.equal(await page.title(), `${text.home} · Lattice`);
  if (size === 'phone') await page.getByRole('button', { name: text.openNavigation }).click();
  const navigation = page.getByRole('navigation', { name: text.mainNavigation });
  await navigation.getByRole('link', { name: text.home, exact: true }).waitFor();
  await navigation.getByRole('link', { name: text.settings, exact: true }).waitFor();
  // The plugins' menus come from their configs, not their catalogues: they are in German before any plugin code loads.
  await navigation.getByRole('link', { name: text.documentsMenu, exact: true }).waitFor();
  await navigation.getByRole('link', { name: text.inboxMenu, exact: true }).waitFor();
  if (size === 'phone') await page.getByRole('button', { name: text.closeNavigation }).click();
}


for (const size of ['desktop', 'phone'] as const) {
  test(`${size}: German from the header's switch, kept over a reload, then English again`, async () => {
    const context = await env.browser.newContext({ viewport: sizes[size], locale: 'en-US', colorScheme: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await openLoggedIn(page, env.stack, '/');
    await expectHome(page, size, english);
    await page.reload();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expectHome(page, size, german);
    await screenshot(page, shots, `home-de-${size}`);
    assert.equal(await page.evaluate(() => localStorage.getItem('lattice-locale')), 'de');

    await page.reload();
    await expectHome(page, size, german);

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await expectHome(page, size, english);
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
}

test('a browser that asks for German gets the login page in German before anyone chooses', async () => {
  const context = await env.browser.newContext({ viewport: sizes.desktop, locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${env.stack.frontend.url}/login`);
  await page.getByRole('heading', { name: 'Bei Lattice anmelden' }).waitFor();
  await page.getByRole('textbox', { name: 'E-Mail' }).waitFor();
  await page.getByRole('button', { name: 'Anmelden' }).waitFor();
  assert.equal(await page.title(), 'Anmelden · Lattice');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await context.close();
});

test("in German a plugin's page is titled by its menu's German text, and the settings page lists its German menus and plugin names", async () => {
  const context = await env.browser.newContext({ viewport: sizes.desktop, locale: 'en-US', colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await openLoggedIn(page, env.stack, '/');
  await page.evaluate(() => localStorage.setItem('lattice-locale', 'de'));
  await page.goto(`${env.stack.frontend.url}/documents/`);
  await page.getByRole('navigation', { name: german.mainNavigation }).getByRole('link', { name: german.documentsMenu, exact: true }).waitFor();
  await page.waitForFunction((menu) => document.title.startsWith(`${menu} `), german.documentsMenu);
  assert.equal(await page.title(), `${german.documentsMenu} · Lattice`);

  await page.goto(`${env.stack.frontend.url}/settings`);
  const integrations = page.getByRole('main').getByRole('link', { name: 'Integrationen', exact: true });
  await integrations.waitFor();
  // Each card names its plugin as the navigation does, in German, not by its id ("inbox").
  const card = page.getByRole('main').locator('.mantine-Card-root', { has: page.getByRole('link', { name: 'Integrationen', exact: true }) });
  assert.equal(await card.locator('p').textContent(), german.inboxMenu);
  await page.goto(`${env.stack.frontend.url}/inbox/integrations`);
  await page.waitForFunction(() => document.title.startsWith('Integrationen'));

  // The skip link speaks German too.
  await page.goto(`${env.stack.frontend.url}/`);
  await page.getByRole('heading', { name: german.welcome }).waitFor();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Zum Inhalt springen');
  await context.close();
});
