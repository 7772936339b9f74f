import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createIntegration, deliver, rows, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';

// Issue 37, the inbox on a phone (390×844): the list and the open conversation are two screens, and
// neither scrolls the page sideways (the conversation panel's min-width made it 432 px wide).
const env = useInboxStack();
const phone = { width: 390, height: 844 };

const pageWidth = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

async function assertNoSidewaysScroll(page: Page, where: string) {
  const { scroll, viewport } = await pageWidth(page);
  assert.ok(scroll <= viewport, `${where}: the page is ${scroll} px wide on a ${viewport} px screen`);
}

test('phone 390×844: list → conversation → list, no horizontal scroll on either screen, a long HTML mail included', async () => {
  const integration = await createIntegration(env.stack, 'Phone mailbox');
  await deliver(env.stack, integration, {
    messageId: '<phone-1@mail.test>',
    subject: 'A question with a rather long subject line that has to wrap on a small screen',
    body: `Hello,\n${'averyveryverylongwordwithoutanyspaces'.repeat(4)}\nBye`,
    html: `<table width="640"><tr><td>Wide newsletter table</td></tr></table><p>${'averyveryverylongword'.repeat(6)}</p>`,
    from: { name: 'Phoebe Phone', address: 'phoebe@mail.test' },
  });
  const context = await env.browser.newContext({ viewport: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await openLoggedIn(page, env.stack, '/inbox/');
  const listPane = page.getByTestId('inbox-list-pane');
  const conversationPane = page.getByTestId('inbox-conversation-pane');
  await rows(page).filter({ hasText: 'A question with a rather long subject' }).waitFor();
  // The list alone: no empty conversation panel below it.
  assert.equal(await conversationPane.isVisible(), false);
  await assertNoSidewaysScroll(page, 'the list');

  await rows(page).filter({ hasText: 'A question with a rather long subject' }).click();
  await page.getByTestId('imap-message-html').waitFor();
  await page.frameLocator('[data-testid="imap-message-html"]').getByText('Wide newsletter table').waitFor();
  assert.equal(await listPane.isVisible(), false, 'the conversation is its own screen');
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  const logOut = await page.getByRole('button', { name: 'Log out' }).boundingBox();
  assert.ok(logOut && logOut.x + logOut.width <= phone.width, `Log out is on the screen: ${JSON.stringify(logOut)}`);
  const pane = await conversationPane.boundingBox();
  assert.ok(pane && pane.x >= 0 && pane.x + pane.width <= phone.width, `the conversation fits: ${JSON.stringify(pane)}`);
  await assertNoSidewaysScroll(page, 'the open conversation');

  // Back: the list again, where it was.
  await page.getByRole('button', { name: 'Back to the conversations' }).click();
  await page.waitForURL((url) => !url.searchParams.has('conversation'));
  await listPane.waitFor();
  assert.equal(await conversationPane.isVisible(), false);
  await assertNoSidewaysScroll(page, 'the list after going back');
  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('desktop 1280×800: the list and the conversation stand side by side, without the phone back button', async () => {
  const integration = await createIntegration(env.stack, 'Desk mailbox');
  await deliver(env.stack, integration, { messageId: '<desk-1@mail.test>', subject: 'Desk question', from: { name: 'Dirk Desk', address: 'dirk@mail.test' } });
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await openLoggedIn(page, env.stack, '/inbox/');
  await rows(page).filter({ hasText: 'Desk question' }).click();
  await page.getByTestId('conversation-detail').getByTestId('imap-message').first().waitFor();
  const [list, conversation] = await Promise.all([page.getByTestId('inbox-list-pane').boundingBox(), page.getByTestId('inbox-conversation-pane').boundingBox()]);
  assert.ok(list && conversation && conversation.x >= list.x + list.width, `side by side: ${JSON.stringify({ list, conversation })}`);
  assert.equal(await page.getByRole('button', { name: 'Back to the conversations' }).isVisible(), false);
  await assertNoSidewaysScroll(page, 'desktop');
  await context.close();
});
