import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { pageGraphql } from './support/page-graphql.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issue 37, safe concurrent edits on Settings → Permissions: two browser contexts edit one permission group;
// the later change is refused and shows what changed, and both ways on work: take theirs, then keep mine.
const env = useBrowserAndStack();

async function storedActions(page: Page, id: string): Promise<string[]> {
  const { permissionGroups } = await pageGraphql<{ permissionGroups: Array<{ _id: string; actions: string[] }> }>(page, '{ permissionGroups { _id actions } }');
  return [...(permissionGroups.find((group) => group._id === id)?.actions ?? [])].sort();
}

async function toggle(page: Page, action: string, group: string) {
  await page.getByRole('checkbox', { name: `${action} for ${group}` }).click();
  const confirm = page.getByRole('dialog', { name: /Grant action|Withdraw action/ });
  await confirm.getByRole('button', { name: /^(Grant|Withdraw)$/ }).click();
}

test('two contexts edit one permission group: the second change shows the conflict; take theirs and keep mine both work', async () => {
  const anna = await newPage(env.browser);
  const ben = await newPage(env.browser);
  // Each change waits on the server and a refetch of the page's lists: generous on a busy machine.
  for (const { page } of [anna, ben]) page.setDefaultTimeout(30_000);
  await openLoggedIn(anna.page, env.stack, '/settings/permissions');
  const { permissionGroupsAdd } = await pageGraphql<{ permissionGroupsAdd: { _id: string } }>(anna.page, 'mutation { permissionGroupsAdd(name: "Night shift") { _id } }');
  const groupId = permissionGroupsAdd._id;
  await anna.page.reload();
  await openLoggedIn(ben.page, env.stack, '/settings/permissions');
  for (const { page } of [anna, ben]) await page.getByRole('checkbox', { name: 'documents:showDocuments for Night shift' }).waitFor();

  // Both read the group with no actions; Anna grants showDocuments first.
  await toggle(anna.page, 'documents:showDocuments', 'Night shift');
  await anna.page.getByTestId('permissions-done').getByText('documents:showDocuments granted to “Night shift”.').waitFor();

  // Ben's grant of manageDocuments, from his older read, is refused: the dialog shows both versions.
  await toggle(ben.page, 'documents:manageDocuments', 'Night shift');
  const conflict = ben.page.getByTestId('edit-conflict');
  await conflict.getByText('Someone else changed “Night shift”').waitFor();
  assert.deepEqual(await conflict.getByTestId('edit-conflict-fields').locator('tbody tr').allInnerTexts(), [
    'documents:manageDocuments\tNot granted\tGranted',
    'documents:showDocuments\tGranted\tNot granted',
  ]);
  assert.deepEqual(await storedActions(ben.page, groupId), ['documents:showDocuments'], 'nothing of Ben stored');

  // Take theirs: nothing of Ben is saved and his page now shows Anna's grant.
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await conflict.waitFor({ state: 'detached' });
  assert.equal(await ben.page.getByRole('checkbox', { name: 'documents:showDocuments for Night shift' }).isChecked(), true);
  assert.deepEqual(await storedActions(ben.page, groupId), ['documents:showDocuments']);

  // Anna withdraws it again while Ben, from Anna's earlier version, grants manageDocuments; Ben keeps his.
  await toggle(anna.page, 'documents:showDocuments', 'Night shift');
  await anna.page.getByTestId('permissions-done').getByText('documents:showDocuments withdrawn from “Night shift”.').waitFor();
  await toggle(ben.page, 'documents:manageDocuments', 'Night shift');
  await conflict.getByText('Someone else changed “Night shift”').waitFor();
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await ben.page.getByTestId('permissions-done').getByText('documents:manageDocuments granted to “Night shift”.').waitFor();
  assert.deepEqual(await storedActions(ben.page, groupId), ['documents:manageDocuments', 'documents:showDocuments']);

  assert.deepEqual([...anna.pageErrors, ...ben.pageErrors], []);
  await anna.page.context().close();
  await ben.page.context().close();
});
