import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack();

const rows = (page: Page) => page.getByTestId('document-row');
const totalCount = (page: Page) => page.getByTestId('documents-total-count');

async function addType(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add type' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add type' });
  await dialog.getByRole('textbox', { name: 'Type name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('link', { name }).waitFor();
}

async function addDocument(page: Page, document: { name: string; type: string; expiry?: string; checked?: boolean }) {
  await page.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add document' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(document.name);
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: document.type });
  if (document.expiry) {
    await dialog.getByRole('textbox', { name: 'Expiry date' }).fill(document.expiry);
    await dialog.getByRole('textbox', { name: 'Expiry date' }).press('Tab');
  }
  if (document.checked) await dialog.getByRole('checkbox', { name: 'Checked' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: document.name, exact: true }).waitFor();
}

async function typeIdOf(page: Page, name: string): Promise<string> {
  const href = await page.getByRole('link', { name }).getAttribute('href');
  const typeId = new URL(href ?? '', 'http://x').searchParams.get('type');
  assert.ok(typeId, `the ${name} link carries ?type=`);
  return typeId;
}

test('documents: types, documents, the ?type= filter, edit, checked, remove, and a rejected mutation', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByTestId('documents-empty').waitFor();
  await assert.doesNotReject(totalCount(page).filter({ hasText: '0 documents' }).waitFor());

  await addType(page, 'Contracts');
  await addType(page, 'Invoices');

  // The name is required in the form.
  await page.getByRole('button', { name: 'Add document' }).click();
  const emptyForm = page.getByRole('dialog', { name: 'Add document' });
  await emptyForm.getByRole('button', { name: 'Save' }).click();
  await emptyForm.getByRole('alert').filter({ hasText: 'Name is required' }).waitFor();
  await emptyForm.getByRole('button', { name: 'Cancel' }).click();
  await emptyForm.waitFor({ state: 'detached' });

  // Escape in the open date picker closes the calendar, not the form: what was typed stays. With the
  // calendar closed, Escape closes the form as before.
  await page.getByRole('button', { name: 'Add document' }).click();
  const form = page.getByRole('dialog', { name: 'Add document' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Typed before Escape');
  const expiry = form.getByRole('textbox', { name: 'Expiry date' });
  await expiry.click();
  const calendar = page.locator('[data-dates-dropdown]');
  await calendar.waitFor();
  await expiry.press('Escape');
  await calendar.waitFor({ state: 'hidden' });
  assert.equal(await form.getByRole('textbox', { name: 'Name' }).inputValue(), 'Typed before Escape');
  await page.waitForFunction(() => document.querySelector('[data-mantine-stop-propagation="true"]') === null);
  await expiry.press('Escape');
  await form.waitFor({ state: 'detached' });

  await addDocument(page, { name: 'Lease', type: 'Contracts', expiry: '2031-02-28' });
  await addDocument(page, { name: 'Supplier agreement', type: 'Contracts', checked: true });
  await addDocument(page, { name: 'March invoice', type: 'Invoices' });
  await totalCount(page).filter({ hasText: '3 documents' }).waitFor();
  assert.equal(await rows(page).count(), 3);
  const lease = rows(page).filter({ hasText: 'Lease' });
  await lease.getByRole('cell', { name: 'Feb 28, 2031' }).waitFor();
  assert.equal(await lease.getByRole('cell', { name: 'Contracts' }).count(), 1);

  // The filter is the URL: clicking a type, reloading and going back all follow it.
  const contractsId = await typeIdOf(page, 'Contracts');
  await page.getByRole('link', { name: 'Contracts' }).click();
  await page.waitForURL((url) => url.searchParams.get('type') === contractsId);
  await page.getByRole('heading', { name: 'Contracts' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 2);
  await totalCount(page).filter({ hasText: '2 of 3' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Contracts' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 2);
  assert.equal(await rows(page).filter({ hasText: 'March invoice' }).count(), 0);
  await page.goBack();
  await page.waitForURL((url) => !url.searchParams.has('type'));
  await page.getByRole('heading', { name: 'All documents' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 3);
  await page.goForward();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 2);
  await page.getByRole('link', { name: 'All documents' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 3);

  // Edit: rename and move to another type.
  await page.getByRole('button', { name: 'Edit March invoice' }).click();
  const editForm = page.getByRole('dialog', { name: 'Edit document' });
  await editForm.getByRole('textbox', { name: 'Name' }).fill('April invoice');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await editForm.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: 'April invoice', exact: true }).waitFor();
  assert.equal(await page.getByRole('cell', { name: 'March invoice', exact: true }).count(), 0);

  // The checked toggle is saved: it survives a reload.
  const toggle = page.getByRole('switch', { name: 'Checked: Lease' });
  assert.equal(await toggle.isChecked(), false);
  // The switch shows the optimistic answer at once: reload only once the server has answered the mutation.
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/graphql') && response.request().postDataJSON()?.operationName === 'DocumentsEdit',
  );
  await toggle.click({ force: true });
  await page.waitForFunction(() => (document.querySelector('[aria-label="Checked: Lease"]') as HTMLInputElement | null)?.checked === true);
  assert.equal((await saved).ok(), true);
  await page.reload();
  await page.getByRole('switch', { name: 'Checked: Lease' }).waitFor();
  assert.equal(await page.getByRole('switch', { name: 'Checked: Lease' }).isChecked(), true);

  // Remove: the list and the count follow.
  await page.getByRole('button', { name: 'Remove Supplier agreement' }).click();
  await page.getByRole('dialog', { name: 'Remove document' }).getByRole('button', { name: 'Remove' }).click();
  await totalCount(page).filter({ hasText: '2 documents' }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="document-row"]').length === 2);

  // A mutation the server rejects shows the server's message: the document goes away behind the form.
  await page.getByRole('button', { name: 'Edit April invoice' }).click();
  const staleForm = page.getByRole('dialog', { name: 'Edit document' });
  const removed = await page.evaluate(async () => {
    const response = await fetch('/gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ documents { _id name } }' }),
    });
    const body = (await response.json()) as { data: { documents: Array<{ _id: string; name: string }> } };
    const target = body.data.documents.find((item) => item.name === 'April invoice');
    await fetch('/gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation ($id: String!) { documentsRemove(_id: $id) }', variables: { id: target?._id } }),
    });
    return target?._id;
  });
  assert.ok(removed);
  await staleForm.getByRole('textbox', { name: 'Name' }).fill('May invoice');
  await staleForm.getByRole('button', { name: 'Save' }).click();
  await staleForm.getByRole('alert').filter({ hasText: 'Document not found' }).waitFor();
  await staleForm.getByRole('button', { name: 'Cancel' }).click();

  // Types: rename one, remove the other.
  await page.getByRole('button', { name: 'Rename type Invoices' }).click();
  const typeForm = page.getByRole('dialog', { name: 'Rename type' });
  await typeForm.getByRole('textbox', { name: 'Type name' }).fill('Bills');
  await typeForm.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: 'Bills' }).waitFor();
  await page.getByRole('button', { name: 'Remove type Bills' }).click();
  await page.getByRole('dialog', { name: 'Remove type' }).getByRole('button', { name: 'Remove type' }).click();
  await page.getByRole('link', { name: 'Bills' }).waitFor({ state: 'detached' });

  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
