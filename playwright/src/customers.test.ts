import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import imapPlugin from '@lattice/plugin-imap';
import inboxPlugin from '@lattice/plugin-inbox';
import logsPlugin from '@lattice/plugin-logs';
import { createIntegration, deliver } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { newDesktopPage } from './support/users-fixtures.js';

// Issue 37's customers page: the list, a customer's conversations across integrations, editing, merging two
// customers that are one person, a phone without sideways scrolling; issue 29's History tab of a customer.
// Screenshots go to playwright/test-results/customers/.
const env = useBrowserAndStack(
  [
    { name: 'contacts', ui: 'local' },
    { name: 'inbox', ui: 'local' },
    { name: 'imap', ui: 'local' },
  ],
  [contactsPlugin, inboxPlugin, imapPlugin, logsPlugin],
);
const shots = screenshotFolder('customers');
const run = Date.now().toString(36);
const ada = `ada.${run}@mail.test`;
const adaElsewhere = `lovelace.${run}@other.test`;

/** The page of the customer the first test edits and merges into. */
let customerPath = '';

const customerRows = (page: Page) => page.getByTestId('customer-row');
const conversations = (page: Page) => page.getByTestId('customer-conversation');

async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${where} is ${scrollWidth}px wide on a ${innerWidth}px screen`);
}

test('customers: the list, a customer with their conversations, editing, merging, and a phone', async () => {
  const support = await createIntegration(env.stack, 'Support mailbox');
  const sales = await createIntegration(env.stack, 'Sales mailbox');
  await deliver(env.stack, support, { messageId: `<c1-${run}@mail.test>`, subject: 'Broken kettle', from: { name: 'Ada', address: ada } });
  await deliver(env.stack, sales, { messageId: `<c2-${run}@mail.test>`, subject: 'Bulk order of kettles', from: { name: 'Ada', address: ada } });
  await deliver(env.stack, support, { messageId: `<c3-${run}@other.test>`, subject: 'Kettle warranty', from: { name: 'A. Lovelace', address: adaElsewhere } });

  const { page, pageErrors } = await newDesktopPage(env.browser);
  // The list shows customers; the search is kept in the URL.
  await openLoggedIn(page, env.stack, '/contacts/');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(run);
  await page.waitForURL((url) => url.searchParams.get('q') === run);
  await customerRows(page).filter({ hasText: ada }).waitFor();
  await customerRows(page).filter({ hasText: adaElsewhere }).waitFor();
  assert.equal(await customerRows(page).count(), 2);
  assert.match((await page.getByTestId('customers-total-count').textContent()) ?? '', /^2 of \d+ customers$/);
  await screenshot(page, shots, 'list');

  // The customer's page lists their conversations from both integrations.
  await customerRows(page).filter({ hasText: ada }).getByRole('link').click();
  await page.getByRole('heading', { name: ada }).waitFor();
  await conversations(page).filter({ hasText: 'Broken kettle' }).waitFor();
  await conversations(page).filter({ hasText: 'Bulk order of kettles' }).waitFor();
  assert.equal(await conversations(page).count(), 2);
  for (const via of ['via Support mailbox', 'via Sales mailbox']) assert.equal(await conversations(page).filter({ hasText: via }).count(), 1, via);
  customerPath = new URL(page.url()).pathname;
  await screenshot(page, shots, 'customer-conversations');

  // Editing saves, and a reload shows what was saved.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('customer-saved').waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
  await page.getByRole('tab', { name: 'Details' }).click();
  assert.equal(await page.getByRole('textbox', { name: 'Last name' }).inputValue(), 'Lovelace');

  // Merging the other address's customer in: their conversation follows, and they are gone.
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await page.getByRole('button', { name: 'Merge with another customer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Find the other customer' }).fill(adaElsewhere);
  await dialog.getByTestId('merge-candidate').filter({ hasText: adaElsewhere }).click();
  await dialog.getByTestId('merge-chosen').waitFor();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await page.getByTestId('customer-merged').waitFor();
  await conversations(page).filter({ hasText: 'Kettle warranty' }).waitFor();
  assert.equal(await conversations(page).count(), 3);
  await page.getByRole('tab', { name: 'Details' }).click();
  assert.equal(await page.getByRole('textbox', { name: 'Other e-mail addresses' }).inputValue(), adaElsewhere);
  await page.goto(`${env.stack.frontend.url}/contacts/?q=${run}`);
  await customerRows(page).filter({ hasText: ada }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await customerRows(page).count(), 1, 'the merged customer is gone from the list');
  assert.deepEqual(pageErrors, []);

  // A phone: the list and the customer's page fit the screen.
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  const small = await phone.newPage();
  small.setDefaultTimeout(20_000);
  await small.goto(`${env.stack.frontend.url}/contacts/?q=${run}`);
  await customerRows(small).first().waitFor();
  await noSidewaysScroll(small, '/contacts/');
  await screenshot(small, shots, 'list-phone');
  await small.goto(`${env.stack.frontend.url}${customerPath}`);
  await conversations(small).first().waitFor();
  await noSidewaysScroll(small, customerPath);
  await small.getByRole('tab', { name: 'Details' }).click();
  await small.getByRole('textbox', { name: 'First name' }).waitFor();
  await noSidewaysScroll(small, `${customerPath} (details)`);
  await screenshot(small, shots, 'customer-phone');
  await phone.close();
});

test(
  "a customer's History tab shows the edit: who, and the name before and after",
  { skip: process.env.LATTICE_UI_STACK === 'services' ? 'the services topology runs no logs plugin' : false },
  async () => {
    assert.ok(customerPath, 'the first test opened a customer');
    const { page, pageErrors } = await newDesktopPage(env.browser);
    await openLoggedIn(page, env.stack, customerPath);
    await page.getByRole('heading', { name: 'Ada Lovelace' }).waitFor();
    // Entries reach the logs plugin over the broker: the tab is opened again until the entry is there (at most 15 s).
    const edit = page.getByTestId('activity-entry').filter({ hasText: 'customersEdit' });
    for (const started = Date.now(); ; ) {
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByTestId('activity-history').or(page.getByTestId('activity-history-empty')).waitFor();
      if ((await edit.count()) > 0 || Date.now() - started > 15_000) break;
      await page.getByRole('tab', { name: 'Details' }).click();
      await delay(500);
    }
    await edit.first().waitFor({ timeout: 1_000 });
    const text = await edit.first().innerText();
    for (const part of ['Owner', 'Lovelace']) assert.ok(text.includes(part), `"${part}" in the entry: ${text}`);
    await screenshot(page, shots, 'customer-history');
    assert.deepEqual(pageErrors, []);
  },
);

test('a save over a change made meanwhile shows the other version: take theirs, or keep mine', async () => {
  const added = await env.stack.platform.graphql<{ customersAdd: { _id: string } }>(
    'mutation ($e: String!) { customersAdd(primaryEmail: $e, firstName: "Grace") { _id } }',
    { e: `grace.${run}@mail.test` },
  );
  const id = added.data?.customersAdd._id;
  assert.ok(id, JSON.stringify(added.errors));
  const { page, pageErrors } = await newDesktopPage(env.browser);
  await openLoggedIn(page, env.stack, `/contacts/${id}`);
  await page.getByRole('tab', { name: 'Details' }).click();
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  await lastName.fill('Hopper');
  // Someone else saves first.
  const meanwhile = await env.stack.platform.graphql('mutation ($id: String!) { customersEdit(_id: $id, lastName: "Murray") { _id } }', { id });
  assert.equal(meanwhile.errors, undefined, JSON.stringify(meanwhile.errors));

  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByTestId('customer-conflict');
  await conflict.waitFor();
  assert.ok((await conflict.innerText()).includes('Grace Murray'), 'their version is shown');
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  assert.equal(await lastName.inputValue(), 'Murray');

  // Keep mine: typed again, saved over their version now that it was seen.
  await lastName.fill('Hopper');
  await env.stack.platform.graphql('mutation ($id: String!) { customersEdit(_id: $id, firstName: "G.") { _id } }', { id });
  await page.getByRole('button', { name: 'Save' }).click();
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await page.getByTestId('customer-saved').waitFor();
  const stored = await env.stack.platform.graphql<{ customerDetail: { firstName: string; lastName: string } }>(
    'query ($id: String!) { customerDetail(_id: $id) { firstName lastName } }',
    { id },
  );
  assert.deepEqual(stored.data?.customerDetail, { firstName: 'Grace', lastName: 'Hopper' });
  assert.deepEqual(pageErrors, []);
});
