import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import mongoose from 'mongoose';
import type { Page, WebSocketRoute } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import inboxPlugin from '@lattice/plugin-inbox';
import imapPlugin from '@lattice/plugin-imap';
import { dovecotUnavailableReason, startDovecot } from '@lattice/plugin-imap/test-kit';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack(
  [
    { name: 'inbox', ui: 'local' },
    { name: 'imap', ui: 'local' },
  ],
  [contactsPlugin, inboxPlugin, imapPlugin],
);

interface Mail {
  messageId: string;
  subject: string;
  from: { name: string; address: string };
  body?: string;
  inReplyTo?: string;
}

async function createIntegration(name: string): Promise<{ _id: string; webhookToken: string }> {
  const created = await env.stack.platform.graphql<{ integrationsCreateExternalIntegration: { _id: string; webhookToken: string } | null }>(
    'mutation ($name: String!) { integrationsCreateExternalIntegration(kind: "imap", name: $name) { _id webhookToken } }',
    { name },
  );
  const integration = created.data?.integrationsCreateExternalIntegration;
  assert.ok(integration, `created the integration: ${JSON.stringify(created.errors)}`);
  return integration;
}

/** Delivers a mail as a channel would: POST /pl:imap/receive on the gateway with the webhook token. */
async function deliver(integration: { _id: string; webhookToken: string }, mail: Mail): Promise<void> {
  const response = await fetch(`${env.stack.platform.gatewayUrl}/pl:imap/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-integration-token': integration.webhookToken },
    body: JSON.stringify({
      integrationId: integration._id,
      messageId: mail.messageId,
      subject: mail.subject,
      body: mail.body ?? `About: ${mail.subject}`,
      from: [mail.from],
      to: [{ name: 'Support', address: 'support@lattice.test' }],
      ...(mail.inReplyTo ? { inReplyTo: mail.inReplyTo, references: [mail.inReplyTo] } : {}),
    }),
  });
  assert.equal(response.status, 200, await response.text());
}

const rows = (page: Page) => page.getByTestId('conversation-row');
const totalCount = (page: Page) => page.getByTestId('conversations-total-count');

/** As if the kind's plugin had stopped long ago: its last announcement is older than the inbox waits for. */
async function ageKindAnnouncement(kind: string): Promise<void> {
  const server = await mongoose.createConnection(env.stack.platform.mongoUrl).asPromise();
  try {
    const { databases } = await server.listDatabases();
    const inboxDb = databases.map(({ name }) => name).find((name) => name.endsWith('-inbox'));
    assert.ok(inboxDb, 'the inbox database');
    await server.useDb(inboxDb).collection('integration_kinds').updateOne({ kind }, { $set: { announcedAt: new Date(Date.now() - 10 * 60_000) } });
  } finally {
    await server.close();
  }
}

/** Resolves once the page has sent a subscription over the gateway's websocket (the inbox's live updates). */
function subscribedOnce(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) => socket.on('framesent', (frame) => String(frame.payload).includes('"type":"subscribe"') && resolve())),
  );
}

/** A local port with nothing listening: an IMAP server that refuses the connection. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('inbox: conversations arrive live, open with the imap view, close and reopen, filter by status', async () => {
  const support = await createIntegration('Support mailbox');
  await deliver(support, { messageId: '<invoice-1@mail.test>', subject: 'Invoice question', from: { name: 'Alice Ames', address: 'alice@mail.test' } });
  await deliver(support, { messageId: '<delivery-1@mail.test>', subject: 'Delivery date', from: { name: 'Bob Berg', address: 'bob@mail.test' } });

  const { page, pageErrors } = await newPage(env.browser);
  const subscribed = subscribedOnce(page);
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
  await deliver(support, {
    messageId: '<invoice-2@mail.test>',
    subject: 'Re: Invoice question',
    body: 'Any news on the invoice?',
    from: { name: 'Alice Ames', address: 'alice@mail.test' },
    inReplyTo: '<invoice-1@mail.test>',
  });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="imap-message"]').length === 2);
  await messages.nth(1).getByText('Any news on the invoice?').waitFor();
  // And a new sender's mail appears in the list, on top.
  await deliver(support, { messageId: '<hello-1@mail.test>', subject: 'Hello there', from: { name: 'Carol Cruz', address: 'carol@mail.test' } });
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
  await totalCount(page).filter({ hasText: '1 conversations' }).waitFor();
  await rows(page).filter({ hasText: 'Invoice question' }).waitFor();
  await detail.getByRole('button', { name: 'Reopen conversation' }).click();
  await detail.getByTestId('conversation-status').filter({ hasText: 'open' }).waitFor();
  await page.getByTestId('conversations-empty').waitFor();
  assert.deepEqual(pageErrors, []);
});

test('integrations: the imap form reports a refusing server, an integration is created and removed with its conversations', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, '/inbox/integrations');
  await page.getByRole('heading', { name: 'Integrations', level: 2 }).waitFor();

  // The button and the dialog carry the kind's label, as the imap plugin announces it.
  await page.getByRole('button', { name: 'Add IMAP e-mail integration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add IMAP e-mail integration' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Refused');
  await dialog.getByRole('textbox', { name: 'IMAP host' }).fill('127.0.0.1');
  await dialog.getByRole('textbox', { name: 'Port' }).fill(String(await closedPort()));
  await dialog.getByRole('checkbox', { name: 'Use TLS' }).uncheck();
  await dialog.getByRole('textbox', { name: 'User' }).fill('nobody');
  await dialog.getByLabel('Password').fill('wrong');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.getByRole('alert').filter({ hasText: /ECONNREFUSED|refused/i }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  // Nothing was kept of the refused one (the inbox removes its record when the plugin's side fails).
  assert.equal(await page.getByTestId('integration-row').filter({ hasText: 'Refused' }).count(), 0);

  const removable = await createIntegration('Short-lived');
  await deliver(removable, { messageId: '<short-1@mail.test>', subject: 'Soon gone', from: { name: 'Dan Dee', address: 'dan@mail.test' } });
  await page.goto(`${env.stack.frontend.url}/inbox/?status=all`);
  await rows(page).filter({ hasText: 'Soon gone' }).waitFor();
  const countBefore = Number((await totalCount(page).textContent())?.match(/\d+/)?.[0]);

  await page.goto(`${env.stack.frontend.url}/inbox/integrations`);
  const row = page.getByTestId('integration-row').filter({ hasText: 'Short-lived' });
  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove integration' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await row.waitFor({ state: 'detached' });

  await page.goto(`${env.stack.frontend.url}/inbox/?status=all`);
  await totalCount(page).filter({ hasText: `${countBefore - 1} conversations` }).waitFor();
  assert.equal(await rows(page).filter({ hasText: 'Soon gone' }).count(), 0);
  assert.deepEqual(pageErrors, []);
});

test('an unreachable imap remote: the inbox still opens and closes the conversation, the imap view says so, retry loads it', async () => {
  const integration = await createIntegration('Fallback mailbox');
  await deliver(integration, { messageId: '<remote-down-1@mail.test>', subject: 'While the imap UI is down', from: { name: 'Eve Eck', address: 'eve@mail.test' } });
  const { page } = await newPage(env.browser);
  const remoteEntry = '**/plugins/imap/remoteEntry.js';
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
  const integration = await createIntegration('Flaky network');
  await deliver(integration, { messageId: '<flaky-1@mail.test>', subject: 'Before the drop', from: { name: 'Fay Fox', address: 'fay@mail.test' } });
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
  await deliver(integration, { messageId: '<flaky-2@mail.test>', subject: 'Sent during the outage', from: { name: 'Hal Hay', address: 'hal@mail.test' } });
  // Published while no socket listened: no event will ever bring it, so the list does not show it yet.
  await page.waitForTimeout(2000);
  assert.equal(await rows(page).filter({ hasText: 'Sent during the outage' }).count(), 0);

  down = false;
  await rows(page).filter({ hasText: 'Sent during the outage' }).waitFor({ timeout: 30_000 });
  assert.equal(reachedGateway.length, connectedBefore + 1, 'the client reconnected once the gateway answered again');
  await page.context().close();
});

test('an IMAP mailbox added through the form syncs new mail into the inbox, and removing it stops the sync', { skip: dovecotUnavailableReason() }, async () => {
  const dovecot = await startDovecot();
  try {
    const { page, pageErrors } = await newPage(env.browser);
    await openLoggedIn(page, env.stack, '/inbox/integrations');
    await page.getByRole('button', { name: 'Add IMAP e-mail integration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add IMAP e-mail integration' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Team mailbox');
    await dialog.getByRole('textbox', { name: 'IMAP host' }).fill(dovecot.host);
    await dialog.getByRole('checkbox', { name: 'Use TLS' }).uncheck();
    await dialog.getByRole('textbox', { name: 'Port' }).fill(String(dovecot.port));
    await dialog.getByRole('textbox', { name: 'User' }).fill(dovecot.user);
    await dialog.getByLabel('Password').fill(dovecot.password);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('integration-created').getByText('Integration "Team mailbox" created').waitFor();
    assert.match((await page.getByTestId('webhook-token').textContent()) ?? '', /^[\w-]{20,}$/);
    // The imap plugin's settings list the account as syncing (IMAP IDLE).
    const account = page.getByTestId('imap-account-row').filter({ hasText: `${dovecot.host}:${dovecot.port}` });
    await account.getByTestId('imap-account-status').filter({ hasText: /^Syncing$/ }).waitFor();
    assert.equal(await dovecot.establishedConnections(), 1);

    await dovecot.appendToInbox(
      ['From: "Ivy Ives" <ivy@mail.test>', 'To: team@lattice.test', 'Subject: Quarterly report', 'Message-ID: <quarterly-1@mail.test>', '', 'The figures are in.', ''].join('\r\n'),
    );
    await page.goto(`${env.stack.frontend.url}/inbox/`);
    await rows(page).filter({ hasText: 'Quarterly report' }).click();
    const message = page.getByTestId('conversation-detail').getByTestId('imap-message');
    await message.getByText('Ivy Ives <ivy@mail.test>').waitFor();
    await message.getByText('The figures are in.').waitFor();

    await page.goto(`${env.stack.frontend.url}/inbox/integrations`);
    await page.getByTestId('integration-row').filter({ hasText: 'Team mailbox' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove integration' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('integration-row').filter({ hasText: 'Team mailbox' }).waitFor({ state: 'detached' });
    await account.waitFor({ state: 'detached' });
    // The IDLE connection is closed (the plugin logs out); give the server a moment to see it.
    for (let attempt = 0; (await dovecot.establishedConnections()) > 0 && attempt < 50; attempt += 1) await page.waitForTimeout(100);
    assert.equal(await dovecot.establishedConnections(), 0);
    assert.deepEqual(pageErrors, []);
  } finally {
    await dovecot.stop();
  }
});

test('with the imap plugin stopped: no kind can be added, and a refused remove keeps its dialog with the reason', async () => {
  await createIntegration('Kept while imap is down');
  await env.stack.platform.stopPlugin('imap');
  try {
    await ageKindAnnouncement('imap');
    const { page, pageErrors } = await newPage(env.browser);
    await openLoggedIn(page, env.stack, '/inbox/integrations');
    await page.getByText('No integration plugin is running, so none can be added now.').waitFor();
    const row = page.getByTestId('integration-row').filter({ hasText: 'Kept while imap is down' });
    await row.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove integration' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Plugin "imap" is unavailable' }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal(await row.count(), 1, 'the integration is kept for when its plugin is back');
    assert.deepEqual(pageErrors, []);
  } finally {
    await env.stack.platform.startPlugin('imap');
  }
});
