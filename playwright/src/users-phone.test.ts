import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prolongLoginLocks } from '@lattice/plugin-core/test-kit';
import type { Page } from 'playwright-core';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { addUser, lockOut, type TestUser } from './support/users-fixtures.js';

// Issue 18, the users page on a phone and in German: at 390×844 every user is a stacked row with all its
// actions in view, the page never scrolls sideways and a role change works there; in German the page's
// title, its column labels and the role names are German. Screenshots go to playwright/test-results/users-phone/.
const env = useBrowserAndStack();
const shots = screenshotFolder('users-phone');
const phone = { width: 390, height: 844 };

let member: TestUser;
let lockedUser: TestUser;
let deactivatedUser: TestUser;

test('seed: a member, a locked-out member and a deactivated member, through the API', async () => {
  member = await addUser(env.stack, 'mia.member@lattice.test', 'member');
  lockedUser = await addUser(env.stack, 'lou.locked@lattice.test', 'member');
  await lockOut(env.stack, lockedUser.email, '198.51.100.24');
  await prolongLoginLocks(env.stack.platform.mongoUrl, lockedUser.email, 15);
  deactivatedUser = await addUser(env.stack, 'dan.deactivated@lattice.test', 'member');
  const deactivated = await env.stack.platform.graphql('mutation ($_id: String!) { usersDeactivate(_id: $_id) { _id } }', { _id: deactivatedUser._id });
  assert.equal(deactivated.errors, undefined, JSON.stringify(deactivated.errors));
});

const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });

async function newPage(viewport: { width: number; height: number }): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await env.browser.newContext({ viewport, locale: 'en-US', colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

async function assertNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${where} is ${scrollWidth}px wide on a ${innerWidth}px screen`);
}

async function assertOnScreen(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  assert.ok(box, `${name} is shown`);
  assert.ok(box.x >= 0 && box.x + box.width <= phone.width, `${name} is inside the screen (x ${box.x}, width ${box.width})`);
}

test('phone 390×844: every user with its actions as stacked rows, no sideways scroll, a role change', async () => {
  const { page, pageErrors } = await newPage(phone);
  await openLoggedIn(page, env.stack, '/settings/users');
  await page.getByTestId('users-count').filter({ hasText: '4 users' }).waitFor();
  // The first owner is named "Owner"; the others have no name and go by their e-mail.
  const shown: Array<[email: string, name: string]> = [
    [env.stack.owner.email, 'Owner'],
    [member.email, member.email],
    [lockedUser.email, lockedUser.email],
    [deactivatedUser.email, deactivatedUser.email],
  ];
  for (const [email, name] of shown) {
    await userRow(page, email).getByRole('combobox', { name: `Role of ${name}` }).waitFor();
  }
  await assertOnScreen(page, `Deactivate ${member.email}`);
  await assertOnScreen(page, `Unlock ${lockedUser.email}`);
  await assertOnScreen(page, `Deactivate ${lockedUser.email}`);
  await assertOnScreen(page, `Reactivate ${deactivatedUser.email}`);
  assert.equal(await userRow(page, env.stack.owner.email).getByRole('button').count(), 0, 'nobody deactivates themselves');
  await assertNoSidewaysScroll(page, '/settings/users');
  await screenshot(page, shots, 'phone-users');

  await userRow(page, member.email).getByRole('combobox', { name: `Role of ${member.email}` }).selectOption('admin');
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  await roleDialog.locator('b', { hasText: member.email }).waitFor();
  await assertNoSidewaysScroll(page, 'the role dialog');
  await screenshot(page, shots, 'phone-users-change-role');
  await roleDialog.getByRole('button', { name: 'Make admin' }).click();
  await roleDialog.waitFor({ state: 'detached' });
  await page.waitForFunction((email) => document.querySelector<HTMLSelectElement>(`[data-email="${email}"] select`)?.value === 'admin', member.email);
  const users = await env.stack.platform.graphql<{ users: Array<{ email: string; role: string }> }>('{ users { email role } }');
  assert.equal(users.data?.users.find((user) => user.email === member.email)?.role, 'admin', 'saved on the server');

  await page.goto(`${env.stack.frontend.url}/settings/password`);
  await page.getByRole('form', { name: 'Change your password' }).waitFor();
  await assertNoSidewaysScroll(page, '/settings/password');
  await screenshot(page, shots, 'phone-password');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('German: the users page’s title, column labels and role names', async () => {
  const { page, pageErrors } = await newPage({ width: 1280, height: 800 });
  await openLoggedIn(page, env.stack, '/settings/users');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('heading', { name: 'Benutzer', exact: true }).waitFor();
  await page.waitForFunction(() => document.title === 'Benutzer · Lattice');
  await page.getByRole('columnheader', { name: 'E-Mail', exact: true }).waitFor();
  await page.getByRole('columnheader', { name: 'Rolle', exact: true }).waitFor();
  await page.getByTestId('users-count').filter({ hasText: '4 Benutzer' }).waitFor();
  const ownerRole = userRow(page, env.stack.owner.email).getByRole('combobox', { name: 'Rolle von Owner' });
  assert.equal(await ownerRole.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent), 'Inhaber');
  await userRow(page, deactivatedUser.email).getByText('deaktiviert', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Benutzer hinzufügen' }).waitFor();
  await screenshot(page, shots, 'desktop-users-de');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
