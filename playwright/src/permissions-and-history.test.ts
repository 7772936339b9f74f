import { test } from 'node:test';
import assert from 'node:assert/strict';
import documentsPlugin from '@lattice/plugin-documents';
import type { Page } from 'playwright-core';
import { checkAccessibility, describe } from './support/accessibility-check.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { addUser, logInAs, newDesktopPage, type TestUser } from './support/users-fixtures.js';

// Issue 29, the UI: an owner makes a group in Settings → Permissions, grants it documents' actions and adds a
// member; the member, in a browser of their own already on the documents page, sees Add document appear
// without reloading (the shell asks for the permissions every 5 s). Screenshots go to
// playwright/test-results/permissions-and-history/.
const env = useBrowserAndStack([{ name: 'documents', ui: 'local' }], [documentsPlugin]);
const shots = screenshotFolder('permissions-and-history');

let member: TestUser;

test('seed: a member and a document, through the API', async () => {
  member = await addUser(env.stack, 'molly.member@lattice.test', 'member');
  const added = await env.stack.platform.graphql('mutation { documentsAdd(name: "Price list") { _id } }');
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
});

/** No serious or critical WCAG 2.1 A/AA violation (IBM's engine, as accessibility.test.ts); the rest is counted. */
async function assertAccessible(page: Page, where: string): Promise<void> {
  const report = await checkAccessibility(page);
  console.log(`# accessibility of ${where}: ${report.failures.length} violations, ${report.advice.length} potential issues or recommendations`);
  assert.deepEqual(report.failures, [], describe(report.failures));
}

/** Confirms the dialog the last click opened and waits for the page to say it is done. */
async function confirm(page: Page, dialogName: string, button: string, done: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('permissions-done').filter({ hasText: done }).waitFor();
}

test('an owner makes a group with documents actions and a member; the member sees Add document appear without a reload', async () => {
  const memberPage = await newDesktopPage(env.browser);
  await logInAs(memberPage.page, env.stack, member, '/documents/');
  await memberPage.page.getByRole('cell', { name: 'Price list', exact: true }).waitFor();
  assert.equal(await memberPage.page.getByRole('button', { name: 'Add document' }).count(), 0, 'a member cannot add documents yet');

  const { page, pageErrors } = await newDesktopPage(env.browser);
  await openLoggedIn(page, env.stack, '/settings');
  await page.getByRole('link', { name: 'Permissions' }).click();
  await page.waitForURL((url) => url.pathname === '/settings/permissions');
  const matrix = page.getByTestId('permission-matrix');
  await matrix.waitFor();
  // Built-in groups cannot be removed; Owners' column cannot be changed.
  assert.equal(await page.getByRole('button', { name: 'Remove Members' }).count(), 0);
  assert.equal(await matrix.getByRole('checkbox', { name: 'documents:manageDocuments for Owners' }).isDisabled(), true);

  await page.getByRole('button', { name: 'Add group' }).click();
  const form = page.getByRole('dialog', { name: 'Add a group' });
  await form.getByRole('textbox', { name: 'Group name' }).fill('Editors');
  await form.getByRole('button', { name: 'Add group' }).click();
  await page.getByTestId('permissions-done').filter({ hasText: 'Group “Editors” added.' }).waitFor();

  // A cancelled grant changes nothing.
  const manage = matrix.getByRole('checkbox', { name: 'documents:manageDocuments for Editors' });
  await manage.click();
  await page.getByRole('dialog', { name: 'Grant action' }).getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await manage.isChecked(), false);

  await manage.click();
  await confirm(page, 'Grant action', 'Grant', 'documents:manageDocuments granted to “Editors”.');
  await matrix.getByRole('checkbox', { name: 'documents:removeDocuments for Editors' }).click();
  await confirm(page, 'Grant action', 'Grant', 'documents:removeDocuments granted to “Editors”.');
  assert.equal(await manage.isChecked(), true);

  // The new group is selected: its members, then one added.
  const members = page.getByTestId('group-members');
  await members.getByRole('heading', { name: 'Members of Editors' }).waitFor();
  await members.getByRole('combobox', { name: 'User' }).selectOption(member._id);
  await members.getByRole('button', { name: 'Add member' }).click();
  const addedAt = Date.now();
  await confirm(page, 'Add member', 'Add member', `${member.email} added to “Editors”.`);
  await members.getByTestId('group-member-row').filter({ hasText: member.email }).waitFor();
  await screenshot(page, shots, 'groups');
  await assertAccessible(page, 'Settings → Permissions, Groups tab');

  // The member's page, open all along, offers Add document once the shell has asked again (every 5 s).
  await memberPage.page.getByRole('button', { name: 'Add document' }).waitFor({ timeout: 15_000 });
  const shownAfter = Date.now() - addedAt;
  console.log(`# Add document appeared for the member ${shownAfter} ms after the owner confirmed`);
  assert.ok(shownAfter < 12_000, `appeared after ${shownAfter} ms`);
  await screenshot(memberPage.page, shots, 'member-documents');

  // As seen by the member: manageDocuments now; a denial of their own takes it away again.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('combobox', { name: 'User', exact: true }).selectOption(member._id);
  const seenBy = page.getByTestId('seen-by');
  await seenBy.getByRole('heading', { name: `As seen by ${member.email}` }).waitFor();
  const manageRow = seenBy.locator('[data-action="documents:manageDocuments"]');
  await manageRow.getByText('yes', { exact: true }).waitFor();
  await manageRow.getByRole('combobox', { name: `Own setting of ${member.email} for documents:manageDocuments` }).selectOption('deny');
  await confirm(page, "Change a user's permission", 'Change', `documents:manageDocuments for ${member.email} is now “Denied”.`);
  await manageRow.getByText('no', { exact: true }).waitFor();
  await screenshot(page, shots, 'seen-by');
  await memberPage.page.getByRole('button', { name: 'Add document' }).waitFor({ state: 'detached', timeout: 15_000 });

  await assertAccessible(page, 'Settings → Permissions, Users tab');
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(memberPage.pageErrors, []);
});
