import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WebSocketRoute } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { createIntegration, deliver, rows, subscribedOnce, totalCount, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';

const env = useInboxStack();

test('inbox: conversations arrive live, open with the imap view, close and reopen, filter by status', async () => {
  const support = await createIntegration(env.stack, 'Support mailbox');
  await deliver(env.stack, support, { messageId: '<invoice-1@mail.test>', subject: 'Invoice question', from: { name: 'Alice Ames', address: 'alice@mail.test' } });
  await deliver(env.stack, support, { messageId: '<delivery-1@mail.test>', subject: 'Delivery date', from: { name: 'Bob Berg', address: 'bob@mail.test' } });

  const { page, pageErrors } = await newPage(env.browser);
  const subscribed = subscribedOnce(page);
  // The imap view's own subscription: it lists the reply once the imap plugin has stored it.
  const imapViewSubscribed = new Promise<void>((resolve) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('subscription ImapMessageStored') && resolve())),
  );
  const imapStoredHeard = new Promise<void>((resolve) =>
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => String(frame.payload).includes('"imapMessageStored":{') && resolve())),
  );
  await openLoggedIn(page, env.stack, '/inbox/');
  await totalCount(page).filter({ hasText: '2 conversations' }).waitFor();
  // Newest activity first.
  assert.deepEqual(await rows(page).locator('.mantine-NavLink-label').allTextContents(), ['Delivery date', 'Invoice question']);

  await rows(page).filter({ hasText: 'Invoice question' }).click();
  await page.waitForURL((url) => url.searchParams.has('conversation'));
  const detail = page.getByTestId('conversation-detail');
  await detail.getByRole('heading', { name: 'Invoice question', level: 3 }).waitFor();
  await detail.getByTestId('conversation-customer').filter({ hasText: 'alice@mail.test' }).waitFor();
  // The imap plugin's own view of the conversation, loaded from its remote.
  const messages = detail.getByTestId('imap-message');
  await messages.first().waitFor();
  assert.equal(await messages.count(), 1);
  await messages.first().getByText('Alice Ames <alice@mail.test>').waitFor();

  // A reply arrives while the conversation is open: the imap view shows it without a reload.
  await subscribed;
  await imapViewSubscribed;
  await deliver(env.stack, support, {
    messageId: '<invoice-2@mail.test>',
    subject: 'Re: Invoice question',
    body: 'Any news on the invoice?',
    from: { name: 'Alice Ames', address: 'alice@mail.test' },
    inReplyTo: '<invoice-1@mail.test>',
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="imap-message"]').length === 2);
  await messages.nth(1).getByText('Any news on the invoice?').waitFor();
  await imapStoredHeard;
  // And a new sender's mail appears in the list, on top.
  await deliver(env.stack, support, { messageId: '<hello-1@mail.test>', subject: 'Hello there', from: { name: 'Carol Cruz', address: 'carol@mail.test' } });
  await totalCount(page).filter({ hasText: '3 conversations' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-testid="conversation-row"] .mantine-NavLink-label')?.textContent === 'Hello there');

  // Closing moves it out of the open list; the status filter is in the URL and survives a reload.
  await detail.getByRole('button', { name: 'Close conversation' }).click();
  await detail.getByTestId('conversation-status').filter({ hasText: 'closed' }).waitFor();
  await totalCount(page).filter({ hasText: '2 conversations' }).waitFor();
  assert.equal(await rows(page).filter({ hasText: 'Invoice question' }).count(), 0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Closed' });
  await page.waitForURL((url) => url.searchParams.get('status') === 'closed');
  await page.reload();
  await totalCount(page).filter({ hasText: /^1 conversation$/ }).waitFor();
  await rows(page).filter({ hasText: 'Invoice question' }).waitFor();
  await detail.getByRole('button', { name: 'Reopen conversation' }).click();
  await detail.getByTestId('conversation-status').filter({ hasText: 'open' }).waitFor();
  await page.getByTestId('conversations-empty').waitFor();
  assert.deepEqual(pageErrors, []);
});

test('an unreachable imap remote: the inbox still opens and closes the conversation, the imap view says so, retry loads it', async () => {
  const integration = await createIntegration(env.stack, 'Fallback mailbox');
  await deliver(env.stack, integration, { messageId: '<remote-down-1@mail.test>', subject: 'While the imap UI is down', from: { name: 'Eve Eck', address: 'eve@mail.test' } });
  const { page } = await newPage(env.browser);
  const remoteEntry = '**/plugins/imap/remoteEntry.js*';
  await page.route(remoteEntry, (route) => route.abort('connectionrefused'));

  await openLoggedIn(page, env.stack, `/inbox/?integration=${integration._id}`);
  await rows(page).filter({ hasText: 'While the imap UI is down' }).click();
  const detail = page.getByTestId('conversation-detail');
  const unavailable = detail.getByTestId('integration-component-unavailable');
  await unavailable.getByText('The imap view is unavailable').waitFor();
  // The inbox's own part keeps working.
  await detail.getByRole('button', { name: 'Close conversation' }).click();
  await detail.getByTestId('conversation-status').filter({ hasText: 'closed' }).waitFor();

  await page.unroute(remoteEntry);
  await unavailable.getByRole('button', { name: 'Retry' }).click();
  await detail.getByTestId('imap-message').filter({ hasText: 'While the imap UI is down' }).waitFor();
  assert.equal(await unavailable.count(), 0);
  await page.context().close();
});

test('a dropped websocket: the inbox reconnects and shows what arrived while it was down', async () => {
  const integration = await createIntegration(env.stack, 'Flaky network');
  await deliver(env.stack, integration, { messageId: '<flaky-1@mail.test>', subject: 'Before the drop', from: { name: 'Fay Fox', address: 'fay@mail.test' } });
  const { page } = await newPage(env.browser);
  // The page's sockets to the gateway go through this route and reach it; while `down`, attempts to reconnect
  // are closed as a restarting server would (1012), so the client keeps retrying.
  let down = false;
  const reachedGateway: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/gateway\/graphql$/, (socket) => {
    if (down) return socket.close({ code: 1012, reason: 'restarting' });
    socket.connectToServer();
    reachedGateway.push(socket);
  });
  const subscribed = subscribedOnce(page);
  await openLoggedIn(page, env.stack, `/inbox/?integration=${integration._id}`);
  await rows(page).filter({ hasText: 'Before the drop' }).waitFor();
  await subscribed;

  // Every socket so far goes down (the login's redirect may have opened and dropped one already).
  down = true;
  const connectedBefore = reachedGateway.length;
  await Promise.all(reachedGateway.map((socket) => socket.close({ code: 1012, reason: 'restarting' })));
  await deliver(env.stack, integration, { messageId: '<flaky-2@mail.test>', subject: 'Sent during the outage', from: { name: 'Hal Hay', address: 'hal@mail.test' } });
  // Published while no socket listened: no event will ever bring it, so the list does not show it yet.
  await page.waitForTimeout(2000);
  assert.equal(await rows(page).filter({ hasText: 'Sent during the outage' }).count(), 0);

  down = false;
  await rows(page).filter({ hasText: 'Sent during the outage' }).waitFor({ timeout: 30_000 });
  assert.equal(reachedGateway.length, connectedBefore + 1, 'the client reconnected once the gateway answered again');
  await page.context().close();
});
