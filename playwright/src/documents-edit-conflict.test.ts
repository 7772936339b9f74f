import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { checkAccessibility, describe } from './support/accessibility-check.js';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { pageGraphql } from './support/page-graphql.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issue 37, safe concurrent edits: two browser contexts edit one document; the later save is refused and
// shows what changed, and both ways on work: keep mine (saved over theirs) and take theirs (mine dropped).
const env = useBrowserAndStack();

const row = (page: Page, name: string) => page.getByTestId('document-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function openEditForm(page: Page, name: string) {
  await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit document' });
  await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
  return dialog;
}

async function storedName(page: Page, id: string): Promise<string | null> {
  const { documentDetail } = await pageGraphql<{ documentDetail: { name: string | null } }>(page, 'query ($id: String!) { documentDetail(_id: $id) { name } }', { id });
  return documentDetail.name;
}

test('two contexts edit one document: the second save shows the conflict; keep mine and take theirs both work', async () => {
  const anna = await newPage(env.browser);
  const ben = await newPage(env.browser);
  await openLoggedIn(anna.page, env.stack, '/documents/');
  const { documentsAdd } = await pageGraphql<{ documentsAdd: { _id: string } }>(anna.page, 'mutation { documentsAdd(name: "Lease") { _id } }');
  await anna.page.reload();
  await openLoggedIn(ben.page, env.stack, '/documents/');
  await row(ben.page, 'Lease').waitFor();
  await row(anna.page, 'Lease').waitFor();

  // Both open the same version; Anna saves first.
  const annaForm = await openEditForm(anna.page, 'Lease');
  const benForm = await openEditForm(ben.page, 'Lease');
  await annaForm.getByRole('textbox', { name: 'Name' }).fill('Lease (Anna)');
  await annaForm.getByRole('button', { name: 'Save' }).click();
  await annaForm.waitFor({ state: 'detached' });

  // Ben's save is refused: the form stays, with what was saved meanwhile beside his.
  await benForm.getByRole('textbox', { name: 'Name' }).fill('Lease (Ben)');
  await benForm.getByRole('checkbox', { name: 'Checked' }).check();
  await benForm.getByRole('button', { name: 'Save' }).click();
  const conflict = benForm.getByTestId('edit-conflict');
  await conflict.getByText('Someone else changed this document').waitFor();
  const fields = conflict.getByTestId('edit-conflict-fields');
  assert.deepEqual(await fields.locator('tbody tr').allInnerTexts(), ['Name\tLease (Anna)\tLease (Ben)', 'Checked\tNo\tYes']);
  assert.equal(await storedName(ben.page, documentsAdd._id), 'Lease (Anna)', 'nothing of Ben stored yet');
  // Readable in both colour schemes (issue 37: no serious or critical accessibility violation).
  for (const scheme of ['light', 'dark'] as const) {
    await ben.page.emulateMedia({ colorScheme: scheme });
    await ben.page.waitForFunction((expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected, scheme);
    const report = await checkAccessibility(ben.page);
    assert.deepEqual(report.failures, [], `${scheme}:\n${describe(report.failures)}`);
  }

  // Keep mine: saved over Anna's, knowingly.
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await benForm.waitFor({ state: 'detached' });
  await row(ben.page, 'Lease (Ben)').waitFor();
  assert.equal(await storedName(ben.page, documentsAdd._id), 'Lease (Ben)');

  // Now Anna's tab is the stale one, still showing her name: her next save is refused; she takes Ben's.
  const staleForm = await openEditForm(anna.page, 'Lease (Anna)');
  await staleForm.getByRole('textbox', { name: 'Name' }).fill('Lease (Anna, again)');
  await staleForm.getByRole('button', { name: 'Save' }).click();
  const annaConflict = staleForm.getByTestId('edit-conflict');
  await annaConflict.getByText('Someone else changed this document').waitFor();
  assert.deepEqual(await annaConflict.getByTestId('edit-conflict-fields').locator('tbody tr').allInnerTexts(), [
    'Name\tLease (Ben)\tLease (Anna, again)',
    'Checked\tYes\tNo',
  ]);
  await annaConflict.getByRole('button', { name: 'Take theirs' }).click();
  await staleForm.waitFor({ state: 'detached' });
  await row(anna.page, 'Lease (Ben)').waitFor();
  assert.equal(await row(anna.page, 'Lease (Anna)').count(), 0);
  assert.equal(await storedName(anna.page, documentsAdd._id), 'Lease (Ben)');

  // Her list now holds the current version: an edit from it goes through at once.
  const freshForm = await openEditForm(anna.page, 'Lease (Ben)');
  await freshForm.getByRole('textbox', { name: 'Name' }).fill('Lease 2027');
  await freshForm.getByRole('button', { name: 'Save' }).click();
  await freshForm.waitFor({ state: 'detached' });
  await row(anna.page, 'Lease 2027').waitFor();

  assert.deepEqual([...anna.pageErrors, ...ben.pageErrors], []);
  await anna.page.context().close();
  await ben.page.context().close();
});
