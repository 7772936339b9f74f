import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { createIntegration, deliver, useInboxStack } from './support/inbox-fixtures.js';

// Issue 37: the phone app tells the user of a new conversation waiting for an answer while it is open, over its
// live connection (the inbox's conversationChanged through /mobile-app/gateway/): a notice in the app, not OS push.
const env = useInboxStack();

/** Resolves once the app has sent its own subscription to new conversations over the websocket. */
function noticesSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('ShellConversationChanged') && resolve())));
}

/**
 * The app's subscribe frame has left, but the gateway and the inbox's host set the subscription up after it: an
 * event published before then reaches nobody (on a busy CI lane the delivery once came first, and the notice never
 * did). Delivers first conversations until one's notice shows, so the one under test is sent to a live subscription.
 */
async function untilNoticesArrive(page: Page, integration: Awaited<ReturnType<typeof createIntegration>>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const subject = `Are you there ${attempt}`;
    await deliver(env.stack, integration, { messageId: `<probe-${attempt}@mail.test>`, subject, from: { name: 'Paula Probe', address: 'paula@mail.test' } });
    const shown = await page
      .getByTestId('new-conversation-notices')
      .getByRole('status')
      .filter({ hasText: subject })
      .waitFor({ timeout: 5_000 })
      .then(() => true, () => false);
    if (shown) return;
    if (attempt === 6) throw new Error('no notice arrived for 6 new conversations in 30 s');
  }
}

test('phone app: a new conversation shows an in-app notice with a way to the inbox (390×844)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const integration = await createIntegration(env.stack, 'Phone support');
  // A conversation from before the app opened is not new to it.
  await deliver(env.stack, integration, { messageId: '<old-1@mail.test>', subject: 'Old question', from: { name: 'Olga Old', address: 'olga@mail.test' } });

  await page.goto(`${env.stack.frontend.url}/mobile-app/`, { waitUntil: 'commit' });
  await page.waitForURL((url) => url.pathname === '/mobile-app/login', { waitUntil: 'commit' });
  const subscribed = noticesSubscribed(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(env.stack.owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(env.stack.owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/mobile-app', { waitUntil: 'commit' });
  await subscribed;
  const notices = page.getByTestId('new-conversation-notices');
  await untilNoticesArrive(page, integration);

  await deliver(env.stack, integration, { messageId: '<heater-1@mail.test>', subject: 'Broken heater', from: { name: 'Hanna Heat', address: 'hanna@mail.test' } });
  const notice = notices.getByRole('status').filter({ hasText: 'Broken heater' });
  await notice.getByText('New conversation waiting').waitFor();
  assert.equal(await notices.getByText('Old question').count(), 0, 'a conversation older than the app is no notice');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no horizontal scroll at 390 px');

  await notice.getByRole('link', { name: 'Open the inbox' }).click();
  await page.waitForURL((url) => url.pathname === '/mobile-app/inbox/');
  await notice.waitFor({ state: 'detached' });
  assert.deepEqual(pageErrors, []);
  await context.close();
});
