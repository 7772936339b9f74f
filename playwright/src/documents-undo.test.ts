import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { pageGraphql } from './support/page-graphql.js';

const env = useBrowserAndStack();
const shots = screenshotFolder('documents-undo');

// Undo is offered for 6 s; on a busy shared machine waiting for it to go may take longer.
const offerGone = { state: 'detached', timeout: 60_000 } as const;

const undoNotification = (page: Page) => page.getByRole('status', { name: 'Undo removal' });
const row = (page: Page, name: string) => page.getByTestId('document-row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const totalCount = (page: Page) => page.getByTestId('documents-total-count');

async function addDocument(page: Page, name: string, typeId?: string) {
  await pageGraphql(page, 'mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', { name, typeId });
}

/** The type a row shows: the type's name, or "—" without one. */
async function typeShown(page: Page, name: string): Promise<string> {
  return ((await row(page, name).getByRole('cell').nth(1).textContent()) ?? '').trim();
}

async function waitForTypeShown(page: Page, name: string, type: string) {
  await row(page, name).getByRole('cell').nth(1).filter({ hasText: new RegExp(`^${type}$`) }).waitFor();
}

test('a removed document or type can be undone for a few seconds, and stays removed after that', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByTestId('documents-empty').waitFor();
  const { documentTypesAdd } = await pageGraphql<{ documentTypesAdd: { _id: string } }>(page, 'mutation { documentTypesAdd(name: "Contracts") { _id } }');
  await addDocument(page, 'Lease', documentTypesAdd._id);
  await addDocument(page, 'Supplier agreement', documentTypesAdd._id);
  await addDocument(page, 'Framework contract', documentTypesAdd._id);
  await addDocument(page, 'Loose note');
  await page.reload();
  await totalCount(page).filter({ hasText: '4 documents' }).waitFor();

  // A document: removed, then Undo puts it back, with its type, for good.
  await page.getByRole('button', { name: 'Remove Lease' }).click();
  const confirmDocument = page.getByRole('dialog', { name: 'Remove document' });
  await confirmDocument.getByText('You can undo it for a few seconds.').waitFor();
  await confirmDocument.getByRole('button', { name: 'Remove' }).click();
  await confirmDocument.waitFor({ state: 'detached' });
  const offer = undoNotification(page);
  await offer.getByText('Document “Lease” removed.').waitFor();
  await totalCount(page).filter({ hasText: '3 documents' }).waitFor();
  assert.equal(await row(page, 'Lease').count(), 0, 'the row goes at once');
  // The pointer on the offer holds its time, so the screenshot still finds it on a slow machine.
  await offer.hover();
  await screenshot(page, shots, 'desktop-undo-document');
  await offer.getByRole('button', { name: 'Undo' }).click();
  await offer.waitFor({ state: 'detached' });
  await row(page, 'Lease').waitFor();
  await totalCount(page).filter({ hasText: '4 documents' }).waitFor();
  assert.equal(await typeShown(page, 'Lease'), 'Contracts');
  await page.reload();
  await waitForTypeShown(page, 'Lease', 'Contracts');

  // Without Undo the offer goes after a few seconds and the document stays removed.
  await page.getByRole('button', { name: 'Remove Lease' }).click();
  await confirmDocument.getByRole('button', { name: 'Remove' }).click();
  await offer.getByText('Document “Lease” removed.').waitFor();
  await offer.waitFor(offerGone);
  await totalCount(page).filter({ hasText: '3 documents' }).waitFor();
  assert.equal(await row(page, 'Lease').count(), 0);
  await page.reload();
  await totalCount(page).filter({ hasText: '3 documents' }).waitFor();
  await row(page, 'Loose note').waitFor();
  assert.equal(await row(page, 'Lease').count(), 0, 'still removed after a reload');

  // A type: the dialog says how many documents lose it; Undo gives it back to exactly those.
  await page.getByRole('button', { name: 'Remove type Contracts' }).click();
  const confirmType = page.getByRole('dialog', { name: 'Remove type' });
  await confirmType.getByTestId('type-removal-effect').filter({ hasText: '2 documents lose their type' }).waitFor();
  await confirmType.getByRole('button', { name: 'Remove type' }).click();
  await confirmType.waitFor({ state: 'detached' });
  await offer.getByText('Type “Contracts” removed. 2 documents have no type now.').waitFor();
  await page.getByRole('link', { name: 'Contracts' }).waitFor({ state: 'detached' });
  await waitForTypeShown(page, 'Supplier agreement', '—');
  await waitForTypeShown(page, 'Framework contract', '—');
  await offer.getByRole('button', { name: 'Undo' }).click();
  await offer.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Contracts' }).waitFor();
  await waitForTypeShown(page, 'Supplier agreement', 'Contracts');
  await waitForTypeShown(page, 'Framework contract', 'Contracts');
  assert.equal(await typeShown(page, 'Loose note'), '—', 'a document that had no type gets none');
  await page.reload();
  await page.getByRole('link', { name: 'Contracts' }).waitFor();
  await waitForTypeShown(page, 'Supplier agreement', 'Contracts');
  await waitForTypeShown(page, 'Framework contract', 'Contracts');

  // Without Undo the type stays removed and its documents stay, untyped.
  await page.getByRole('button', { name: 'Remove type Contracts' }).click();
  await confirmType.getByTestId('type-removal-effect').filter({ hasText: '2 documents lose their type' }).waitFor();
  await confirmType.getByRole('button', { name: 'Remove type' }).click();
  await offer.getByText('Type “Contracts” removed. 2 documents have no type now.').waitFor();
  await offer.waitFor(offerGone);
  await page.reload();
  await totalCount(page).filter({ hasText: '3 documents' }).waitFor();
  await waitForTypeShown(page, 'Supplier agreement', '—');
  await waitForTypeShown(page, 'Framework contract', '—');
  assert.equal(await page.getByRole('link', { name: 'Contracts' }).count(), 0, 'still removed after a reload');

  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('phone 390×844: the Undo offer fits the screen and works', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openLoggedIn(page, env.stack, '/documents/');
  await row(page, 'Loose note').waitFor();

  await page.getByRole('button', { name: 'Remove Loose note' }).click();
  const confirmDocument = page.getByRole('dialog', { name: 'Remove document' });
  await confirmDocument.getByRole('button', { name: 'Remove' }).click();
  const offer = undoNotification(page);
  await offer.getByText('Document “Loose note” removed.').waitFor();
  await offer.hover();
  const box = await offer.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844, `inside the screen: ${JSON.stringify(box)}`);
  await screenshot(page, shots, 'phone-undo-document');
  await offer.getByRole('button', { name: 'Undo' }).click();
  await offer.waitFor({ state: 'detached' });
  await row(page, 'Loose note').waitFor();

  assert.deepEqual(pageErrors, []);
  await context.close();
});
