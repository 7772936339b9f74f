import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import contactsPlugin from '@lattice/plugin-contacts';
import imapPlugin from '@lattice/plugin-imap';
import inboxPlugin from '@lattice/plugin-inbox';
import logsPlugin from '@lattice/plugin-logs';
import { createIntegration, deliver, rows } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { newDesktopPage } from './support/users-fixtures.js';

// Issue 29: a conversation's History tab. The owner closes a conversation; its History shows who did it and the
// status before and after, from the logs plugin. Screenshots go to playwright/test-results/conversation-history/.
const env = useBrowserAndStack(
  [
    { name: 'inbox', ui: 'local' },
    { name: 'imap', ui: 'local' },
  ],
  [contactsPlugin, inboxPlugin, imapPlugin, logsPlugin],
);
const shots = screenshotFolder('conversation-history');

test('closing a conversation shows in its History tab: who, and the status open → closed', async () => {
  const support = await createIntegration(env.stack, 'Support mailbox');
  await deliver(env.stack, support, { messageId: '<history-1@mail.test>', subject: 'Where is my parcel?', from: { name: 'Pia Parcel', address: 'pia@mail.test' } });

  const { page, pageErrors } = await newDesktopPage(env.browser);
  await openLoggedIn(page, env.stack, '/inbox/');
  await rows(page).filter({ hasText: 'Where is my parcel?' }).click();
  const detail = page.getByTestId('conversation-detail');
  await detail.getByRole('button', { name: 'Close conversation' }).click();
  await detail.getByTestId('conversation-status').filter({ hasText: 'closed' }).waitFor();

  // Entries reach the logs plugin over the broker: the tab is opened again until the entry is there (at most 15 s).
  const closing = detail.getByTestId('activity-entry').filter({ hasText: 'conversationsChangeStatus' });
  for (const started = Date.now(); ; ) {
    await detail.getByRole('tab', { name: 'History' }).click();
    await detail.getByTestId('activity-history').or(detail.getByTestId('activity-history-empty')).waitFor();
    if ((await closing.count()) > 0 || Date.now() - started > 15_000) break;
    await detail.getByRole('tab', { name: 'Messages' }).click();
    await delay(500);
  }
  await closing.waitFor({ timeout: 1_000 });
  const text = await closing.innerText();
  for (const part of ['Owner', 'status', 'open', 'closed']) assert.ok(text.includes(part), `"${part}" in the entry: ${text}`);
  await screenshot(page, shots, 'conversation-history');
  assert.deepEqual(pageErrors, []);
});
