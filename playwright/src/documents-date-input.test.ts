import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { pageGraphql } from './support/page-graphql.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issue 37, dates in the form: a day the calendar lacks (31/02/2026) or a year the server refuses
// (0001-01-01) is refused in the form with a message, and nothing is sent; a real day is saved.
const env = useBrowserAndStack();

test('31/02/2026 and 0001-01-01 are refused in the form with a message and nothing is sent; a real day saves', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  const mutationsSent: string[] = [];
  page.on('request', (request) => {
    const operation = /"operationName":"(Documents(Add|Edit))"/.exec(request.postData() ?? '')?.[1];
    if (operation) mutationsSent.push(operation);
  });
  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByTestId('documents-empty').waitFor();

  await page.getByRole('button', { name: 'Add document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add document' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Passport');
  const expiry = dialog.getByRole('textbox', { name: 'Expiry date' }).and(dialog.locator('input:not([disabled])'));
  const save = dialog.getByRole('button', { name: 'Save' });

  await expiry.fill('31/02/2026');
  await expiry.press('Tab');
  const notADay = 'This is not a date. Type it as 2031-02-28 or pick it in the calendar.';
  await dialog.getByText(notADay).first().waitFor();
  // What was typed stays to be corrected, rather than quietly reset to no expiry.
  assert.equal(await expiry.inputValue(), '31/02/2026');
  await save.click();
  await dialog.getByRole('alert').filter({ hasText: notADay }).waitFor();

  await expiry.fill('0001-01-01');
  await save.click();
  await dialog.getByRole('alert').filter({ hasText: 'Enter a year from 1900 to 9999.' }).waitFor();
  assert.equal(await dialog.isVisible(), true);
  assert.deepEqual(mutationsSent, [], 'no mutation sent for a refused date');

  // A real day clears the message and saves.
  await expiry.fill('2/28/2031');
  await expiry.press('Tab');
  assert.equal(await dialog.getByText(notADay).count(), 0);
  await save.click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(mutationsSent, ['DocumentsAdd']);
  const { documents } = await pageGraphql<{ documents: Array<{ name: string; expiryDate: string | null }> }>(page, '{ documents { name expiryDate } }');
  assert.deepEqual(documents, [{ name: 'Passport', expiryDate: '2031-02-28T00:00:00.000Z' }]);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
