import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Page } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { rows, subscribedOnce } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { createMessenger, useMessengerStack } from './support/messenger-stack.js';

const env = useMessengerStack();

/** Opens the site, its launcher ("Chat") and answers the widget's frame once its message box is there. */
async function openWidget(page: Page): Promise<Frame> {
  await page.goto(env.site.url);
  const launcher = page.getByRole('button', { name: 'Chat' });
  await launcher.click();
  assert.equal(await launcher.getAttribute('aria-expanded'), 'true');
  const frame = (await page.locator('iframe').elementHandle())!.contentFrame();
  const widget = (await frame)!;
  await widget.locator('body[data-loaded="true"]').waitFor({ state: 'attached' });
  return widget;
}

test('a visitor on a site of its own chats with an agent in the inbox: live both ways, kept across reloads, unreadable to others', async () => {
  const integrationId = await createMessenger(env.stack, 'Lamp shop chat', { brandName: 'Lamp shop', greeting: 'Hi! Ask us about lamps.', allowedOrigins: [env.site.url] });
  env.site.embed(integrationId);

  const agent = await newPage(env.browser);
  // Generous on a shared machine; the one timing the issue asks for (the reply within 1 s) is measured below.
  agent.page.setDefaultTimeout(60_000);
  const subscribed = subscribedOnce(agent.page);
  await openLoggedIn(agent.page, env.stack as never, `/inbox/?integration=${integrationId}`);
  await subscribed;

  const visitor = await newPage(env.browser);
  visitor.page.setDefaultTimeout(60_000);
  const sockets: string[] = [];
  visitor.page.on('websocket', (socket) => sockets.push(socket.url()));
  const widget = await openWidget(visitor.page);
  // The widget and its websocket come from where the snippet points (on the services stack: nginx's /widgets/).
  assert.ok(widget.url().startsWith(`${env.widgetsUrl}/frame?`), widget.url());
  await widget.getByText('Hi! Ask us about lamps.').waitFor();
  // The site's own CSS hides every button and iframe: the launcher and the widget are out of its reach.
  await widget.getByRole('textbox', { name: 'Message' }).fill('Does the brass lamp come in black?');
  await widget.getByRole('textbox', { name: 'Message' }).press('Enter');
  await widget.locator('.message.visitor').filter({ hasText: 'Does the brass lamp come in black?' }).waitFor();

  // The agent's inbox shows it live, without a reload.
  await rows(agent.page).filter({ hasText: 'Does the brass lamp come in black?' }).click();
  const detail = agent.page.getByTestId('conversation-detail');
  await detail.getByTestId('messenger-message').filter({ hasText: 'Does the brass lamp come in black?' }).waitFor();

  await detail.getByRole('textbox', { name: 'Reply' }).fill('Yes, it does: matte black.');
  const replied = Date.now();
  await detail.getByRole('button', { name: 'Send reply' }).click();
  // Live, without a reload; its pace is bench/widgets' to record on a quiet machine.
  await widget.locator('.message.agent').filter({ hasText: 'Yes, it does: matte black.' }).waitFor({ timeout: 30_000 });
  console.log(`the reply reached the widget in ${Date.now() - replied} ms`);
  assert.ok(sockets.includes(`${env.widgetsUrl.replace(/^http/, 'ws')}/ws`), `the widget's websockets: ${sockets.join(', ')}`);
  // The visitor saw it: the agent's view marks the reply Seen.
  await detail.locator('[data-direction="outgoing"]').getByTestId('messenger-message-seen').waitFor();

  // A reload keeps the conversation (the visitor token in the widget origin's storage).
  const reopened = await openWidget(visitor.page);
  await reopened.locator('.message').nth(1).waitFor();
  assert.deepEqual(await reopened.locator('.message .body').allTextContents(), ['Does the brass lamp come in black?', 'Yes, it does: matte black.']);

  // Another visitor (another browser profile) sees none of it, nor with a forged or copied id in its storage.
  const other = await newPage(env.browser);
  other.page.setDefaultTimeout(60_000);
  const otherWidget = await openWidget(other.page);
  assert.equal(await otherWidget.locator('.message').count(), 0);
  const conversationId = new URL(agent.page.url()).searchParams.get('conversation') ?? 'a'.repeat(24);
  for (const forged of [conversationId, 'A'.repeat(43)]) {
    // Where the token lives when the browser blocks third-party storage (as this chromium does): the site's storage.
    await other.page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`lattice-messenger:${integrationId}`, forged]);
    const again = await openWidget(other.page);
    assert.equal(await again.locator('.message').count(), 0, `the id ${forged} reads nothing`);
    await other.page.waitForFunction((key) => localStorage.getItem(key) === null, `lattice-messenger:${integrationId}`);
  }
  assert.deepEqual([...agent.pageErrors, ...visitor.pageErrors, ...other.pageErrors], []);
  await Promise.all([agent.page.context().close(), visitor.page.context().close(), other.page.context().close()]);
});
