import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { deliver, rows, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';

// Issue 37, webhook-only integrations: the imap form's "Receive by webhook only" asks for no mail server,
// and the webhook token it shows at once takes mail into the inbox.
const env = useInboxStack();

test('receive by webhook only: no mail server asked for, the token shown at once, and mail sent with it arrives', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, '/inbox/integrations');
  await page.getByRole('button', { name: 'Add IMAP e-mail integration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add IMAP e-mail integration' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Web form');
  await dialog.getByRole('checkbox', { name: 'Receive by webhook only' }).check();
  // The mail server's fields are gone, so none can be required.
  assert.equal(await dialog.getByRole('textbox', { name: 'IMAP host' }).count(), 0);
  assert.equal(await dialog.getByLabel('Password').count(), 0);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('integration-created').getByText('Integration "Web form" created').waitFor();
  const webhookToken = (await page.getByTestId('webhook-token').textContent()) ?? '';
  assert.match(webhookToken, /^[\w-]{20,}$/);
  // The imap settings list it as webhook-only, not as a mailbox without a server.
  await page.getByTestId('imap-account-row').filter({ hasText: 'Webhook only' }).waitFor();

  // The integrations table shows its id, which a delivery names with the token.
  const integrationId = (await page.getByTestId('integration-row').filter({ hasText: 'Web form' }).getByTestId('integration-id').textContent()) ?? '';
  assert.match(integrationId, /^\w{10,}$/);
  await deliver(env.stack, { _id: integrationId, webhookToken }, { messageId: '<form-1@mail.test>', subject: 'Call me back', from: { name: 'Dana Dorn', address: 'dana@mail.test' } });
  await page.goto(`${env.stack.frontend.url}/inbox/`);
  await rows(page).filter({ hasText: 'Call me back' }).waitFor();
  assert.deepEqual(pageErrors, []);
});
