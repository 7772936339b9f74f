import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { pageGraphql } from './support/page-graphql.js';

// Issue 18, a second language in a remote's own catalogue: at 1280×800, after the header's switch and a
// reload, the documents page reads in German - its title, column headers, buttons' accessible names, the
// count badge (a plural), an expiry date, the removal's confirmation and Undo, and the form's date field.
// Screenshots go to playwright/test-results/documents-language/.
const env = useBrowserAndStack();
const shots = screenshotFolder('documents-language');

/** Waits until an input holds `value` (a date field formats what was typed when it loses focus). */
async function waitForValue(page: Page, input: Locator, value: string) {
  const element = await input.elementHandle();
  await page.waitForFunction(([field, expected]) => (field as HTMLInputElement | null)?.value === expected, [element, value] as const);
}

const badge = (page: Page) => page.getByTestId('documents-total-count');
const row = (page: Page, name: string) => page.getByTestId('document-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('desktop 1280×800: the documents page in German, from its own catalogue', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByTestId('documents-empty').waitFor();
  const { documentTypesAdd } = await pageGraphql<{ documentTypesAdd: { _id: string } }>(page, 'mutation { documentTypesAdd(name: "Verträge") { _id } }');
  await pageGraphql(page, 'mutation ($typeId: String) { documentsAdd(name: "Mietvertrag", typeId: $typeId, expiryDate: "2031-02-28T00:00:00.000Z") { _id } }', {
    typeId: documentTypesAdd._id,
  });
  await pageGraphql(page, 'mutation { documentsAdd(name: "Notizen") { _id } }');

  // The switch turns the open page to German; a reload starts in German (the catalogue fetched from the remote).
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await page.getByRole('heading', { name: 'Alle Dokumente' }).waitFor();
  await page.reload();
  await badge(page).filter({ hasText: /^2 Dokumente$/ }).waitFor();
  await page.waitForFunction(() => document.title === 'Dokumente · Lattice');
  assert.deepEqual(await page.getByRole('columnheader').allTextContents(), ['Name', 'Typ', 'Ablaufdatum', 'Geprüft', 'Aktionen']);
  await page.getByRole('button', { name: 'Nach Ablaufdatum sortieren' }).waitFor();
  await page.getByRole('button', { name: 'Dokument hinzufügen' }).waitFor();
  await page.getByRole('switch', { name: 'Geprüft: Mietvertrag' }).waitFor();
  assert.equal(await row(page, 'Mietvertrag').getByRole('cell').nth(2).textContent(), '28.02.2031');
  await screenshot(page, shots, 'desktop-documents-de');

  // A type narrows the list: "N of M" with M's plural.
  await page.getByRole('link', { name: 'Verträge' }).click();
  await badge(page).filter({ hasText: /^1 von 2 Dokumenten$/ }).waitFor();
  await page.getByRole('link', { name: 'Alle Dokumente' }).click();
  await badge(page).filter({ hasText: /^2 Dokumente$/ }).waitFor();

  // Removing asks in German, then offers Undo in German; the badge passes through the singular.
  await page.getByRole('button', { name: 'Notizen entfernen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dokument entfernen' });
  await confirm.getByText('Notizen entfernen? Das lässt sich einige Sekunden lang rückgängig machen.').waitFor();
  await confirm.locator('b', { hasText: 'Notizen' }).waitFor();
  await confirm.getByRole('button', { name: 'Abbrechen' }).waitFor();
  await screenshot(page, shots, 'desktop-remove-document-de');
  await confirm.getByRole('button', { name: 'Entfernen', exact: true }).click();
  const offer = page.getByRole('status', { name: 'Entfernen rückgängig machen' });
  await offer.getByText('Dokument „Notizen“ entfernt.').waitFor();
  await badge(page).filter({ hasText: /^1 Dokument$/ }).waitFor();
  await offer.getByRole('button', { name: 'Rückgängig' }).click();
  await row(page, 'Notizen').waitFor();
  await badge(page).filter({ hasText: /^2 Dokumente$/ }).waitFor();

  // The type's removal says how many documents lose it.
  await page.getByRole('button', { name: 'Typ Verträge entfernen' }).click();
  const confirmType = page.getByRole('dialog', { name: 'Typ entfernen' });
  await confirmType.getByTestId('type-removal-effect').filter({ hasText: '1 Dokument verliert seinen Typ und bleibt ohne Typ erhalten.' }).waitFor();
  await confirmType.getByRole('button', { name: 'Abbrechen' }).click();
  await confirmType.waitFor({ state: 'detached' });

  // The form shows when the document was added and its expiry day in German, and takes a day typed so.
  await page.getByRole('button', { name: 'Mietvertrag bearbeiten' }).click();
  const form = page.getByRole('dialog', { name: 'Dokument bearbeiten' });
  await form.getByText(/^Hinzugefügt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).waitFor();
  // The date picker loads on first use; until then a disabled field of the same name stands in.
  const expiry = form.getByRole('textbox', { name: 'Ablaufdatum' }).and(form.locator('input:not([disabled])'));
  await waitForValue(page, expiry, '28.02.2031');
  await expiry.fill('1.3.2032');
  await expiry.press('Tab');
  await waitForValue(page, expiry, '01.03.2032');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await form.waitFor({ state: 'detached' });
  await row(page, 'Mietvertrag').getByRole('cell', { name: '01.03.2032', exact: true }).waitFor();

  assert.deepEqual(pageErrors, []);
  await context.close();
});
