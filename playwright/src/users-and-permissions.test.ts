import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import contactsPlugin from '@lattice/plugin-contacts';
import documentsPlugin from '@lattice/plugin-documents';
import imapPlugin from '@lattice/plugin-imap';
import inboxPlugin from '@lattice/plugin-inbox';
import { prolongLoginLocks } from '@lattice/plugin-core/test-kit';
import type { Page } from 'playwright-core';
import { createIntegration, deliver, rows, type TestIntegration } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';
import { addUser, lockOut, logInAs, newDesktopPage, sessionCookie, type TestUser } from './support/users-fixtures.js';

// Issue 18, users and permissions: the Users page in Settings (add, role, deactivate and reactivate, unlock),
// each user's own password, a UI that offers a member only what their permissions allow, and the integration's
// id and receive URL copied from the integrations page. Everything is seeded through the API; screenshots go
// to playwright/test-results/users-and-permissions/.
const env = useBrowserAndStack(
  [
    { name: 'documents', ui: 'local' },
    { name: 'inbox', ui: 'local' },
    { name: 'imap', ui: 'local' },
  ],
  [documentsPlugin, contactsPlugin, inboxPlugin, imapPlugin],
);
const shots = screenshotFolder('users-and-permissions');

let member: TestUser;
let admin: TestUser;
let lockedUser: TestUser;
let integration: TestIntegration;
const lockedFrom = '198.51.100.23';

test('seed: a member, an admin, a locked-out user, an integration with a conversation, a type and a document, through the API', async () => {
  member = await addUser(env.stack, 'mia.member@lattice.test', 'member');
  admin = await addUser(env.stack, 'ada.admin@lattice.test', 'admin');
  lockedUser = await addUser(env.stack, 'lou.locked@lattice.test', 'member');
  await lockOut(env.stack, lockedUser.email, lockedFrom);
  await prolongLoginLocks(env.stack.platform.mongoUrl, lockedUser.email, 15);
  integration = await createIntegration(env.stack, 'Support mailbox');
  await deliver(env.stack, integration, { messageId: '<perm-1@mail.test>', subject: 'Where is my order?', from: { name: 'Olga Order', address: 'olga@mail.test' } });
  const type = await env.stack.platform.graphql<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Contracts") { _id } }');
  assert.equal(type.errors, undefined, JSON.stringify(type.errors));
  const document = await env.stack.platform.graphql('mutation ($typeId: String) { documentsAdd(name: "Price list", typeId: $typeId) { _id } }', {
    typeId: type.data!.documentTypesAdd._id,
  });
  assert.equal(document.errors, undefined, JSON.stringify(document.errors));
});

const documentActions = ['Add document', 'Edit Price list', 'Remove Price list', 'Add type', 'Rename type Contracts', 'Remove type Contracts'];

const userRow = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });

/** What `documentsTotalCount` answers with this session cookie: a count while it is live, the error code once refused. */
async function sessionAnswer(cookie: string): Promise<string> {
  const answer = await env.stack.platform.anonymousGraphql<{ documentsTotalCount: number }>('{ documentsTotalCount }', undefined, { cookie });
  return answer.errors ? String(answer.errors[0]?.extensions?.code) : 'live';
}

test('owner at 1280×800: adds a member, changes the role, deactivates (that session is refused), reactivates, unlocks', async () => {
  const { page, pageErrors } = await newDesktopPage(env.browser);
  await openLoggedIn(page, env.stack, '/settings');
  await page.getByRole('link', { name: 'Users' }).click();
  await page.waitForURL((url) => url.pathname === '/settings/users');
  await userRow(page, member.email).waitFor();

  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Add a user' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill('nina.new@lattice.test');
  await form.getByRole('textbox', { name: 'Name' }).fill('Nina New');
  await form.getByLabel('First password').fill('nina first password');
  await form.getByRole('button', { name: 'Add user' }).click();
  await form.waitFor({ state: 'detached' });
  const nina = userRow(page, 'nina.new@lattice.test');
  await nina.getByText('active', { exact: true }).waitFor();
  assert.equal(await nina.getByRole('combobox', { name: 'Role of Nina New' }).inputValue(), 'member');

  await nina.getByRole('combobox', { name: 'Role of Nina New' }).selectOption('admin');
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  await roleDialog.getByRole('button', { name: 'Make admin' }).click();
  await roleDialog.waitFor({ state: 'detached' });
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('[data-email="nina.new@lattice.test"] select');
    return select?.value === 'admin';
  });

  // Her session from before the deactivation is refused once it is confirmed.
  const ninaCookie = await sessionCookie(env.stack, { email: 'nina.new@lattice.test', password: 'nina first password' });
  assert.equal(await sessionAnswer(ninaCookie), 'live');
  await nina.getByRole('button', { name: 'Deactivate Nina New' }).click();
  const deactivation = page.getByRole('dialog', { name: 'Deactivate user' });
  await deactivation.getByRole('button', { name: 'Cancel' }).click();
  await deactivation.waitFor({ state: 'detached' });
  assert.equal(await sessionAnswer(ninaCookie), 'live', 'a cancelled deactivation changes nothing');
  await nina.getByRole('button', { name: 'Deactivate Nina New' }).click();
  await deactivation.getByRole('button', { name: 'Deactivate' }).click();
  await deactivation.waitFor({ state: 'detached' });
  await nina.getByText('deactivated', { exact: true }).waitFor();
  await screenshot(page, shots, 'desktop-users-deactivated');
  // Other hosts hear of the revocation through the broker: wait for it, bounded.
  let answer = await sessionAnswer(ninaCookie);
  for (let waited = 0; answer === 'live' && waited < 20_000; waited += 250) {
    await delay(250);
    answer = await sessionAnswer(ninaCookie);
  }
  assert.equal(answer, 'UNAUTHENTICATED');

  await nina.getByRole('button', { name: 'Reactivate Nina New' }).click();
  await nina.getByText('active', { exact: true }).waitFor();
  assert.equal(await sessionAnswer(await sessionCookie(env.stack, { email: 'nina.new@lattice.test', password: 'nina first password' })), 'live');

  // The account locked by wrong passwords: the lock is shown and lifted, and the right password works from that address.
  const locked = userRow(page, lockedUser.email);
  await locked.getByText('locked', { exact: true }).waitFor();
  await locked.getByRole('button', { name: `Unlock ${lockedUser.email}` }).click();
  await locked.getByText('locked', { exact: true }).waitFor({ state: 'detached' });
  const login = await fetch(`${env.stack.platform.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': lockedFrom },
    body: JSON.stringify({ query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }', variables: lockedUser }),
  });
  assert.equal(((await login.json()) as { errors?: unknown }).errors, undefined, 'the unlocked user logs in');
  await screenshot(page, shots, 'desktop-users');
  assert.deepEqual(pageErrors, []);
});

test('member at 1280×800: no action they cannot use; copies the integration id and receive URL; changes their own password', async () => {
  const { page, pageErrors } = await newDesktopPage(env.browser);
  await logInAs(page, env.stack, member, '/inbox/integrations');

  // Integrations: the list with each id and receive URL, no Add, no Remove, no kind settings.
  const row = page.getByTestId('integration-row').filter({ hasText: 'Support mailbox' });
  await row.waitFor();
  assert.equal(await page.getByRole('button', { name: /^Add .* integration$/ }).count(), 0);
  assert.equal(await row.getByRole('button', { name: /^Remove/ }).count(), 0);
  assert.equal(await page.getByRole('heading', { name: /settings$/ }).count(), 0);
  await row.getByRole('button', { name: 'Copy the id of Support mailbox' }).click();
  await row.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), integration._id);
  await row.getByRole('button', { name: 'Copy the receive URL of Support mailbox' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${env.stack.frontend.url}/integrations/imap/receive`);
  assert.equal(await row.getByTestId('integration-receive-url').textContent(), `${env.stack.frontend.url}/integrations/imap/receive`);
  await screenshot(page, shots, 'desktop-member-integrations');

  // A conversation: a member may add notes, not reply to the customer.
  await page.goto(`${env.stack.frontend.url}/inbox/?status=all`);
  await rows(page).filter({ hasText: 'Where is my order?' }).click();
  const detail = page.getByTestId('conversation-detail');
  await detail.getByRole('tab', { name: 'Internal note' }).waitFor();
  assert.equal(await detail.getByRole('tab', { name: 'Reply' }).count(), 0);
  assert.equal(await detail.getByRole('button', { name: 'Send reply' }).count(), 0);

  // Documents: changing documents and types needs documents:manageDocuments and documents:manageDocumentTypes, which members do not
  // have. Reached through the navigation, so the permissions shown above are loaded: the absences below are real.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
  await page.getByRole('cell', { name: 'Price list', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Contracts' }).waitFor();
  for (const name of documentActions) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
  assert.equal(await page.getByRole('switch', { name: 'Checked: Price list' }).isDisabled(), true, 'the Checked switch is read-only');
  await screenshot(page, shots, 'desktop-member-documents');

  // Settings: no Users entry; the own password, a wrong current one refused in the form.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Your password' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Users' }).count(), 0);
  await page.getByRole('link', { name: 'Your password' }).click();
  const passwordForm = page.getByRole('form', { name: 'Change your password' });
  await passwordForm.getByLabel('Current password').fill('not my password');
  await passwordForm.getByLabel(/^New password(?! again)/).fill('mia second password');
  await passwordForm.getByLabel('New password again').fill('mia second password');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByRole('alert').filter({ hasText: 'The current password is wrong' }).waitFor();
  await passwordForm.getByLabel('Current password').fill(member.password);
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await passwordForm.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
  await screenshot(page, shots, 'desktop-member-password');
  assert.equal(await sessionAnswer(await sessionCookie(env.stack, { email: member.email, password: 'mia second password' })), 'live');
  // This session goes on with the cookie the change set.
  await page.goto(`${env.stack.frontend.url}/settings`);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/settings');
  assert.deepEqual(pageErrors, []);
});

test('admin at 1280×800: offered every document and type action, and the Checked switch', async () => {
  const { page, pageErrors } = await newDesktopPage(env.browser);
  await logInAs(page, env.stack, admin, '/documents/');
  await page.getByRole('cell', { name: 'Price list', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  for (const name of documentActions) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  assert.equal(await page.getByRole('switch', { name: 'Checked: Price list' }).isEnabled(), true);
  await screenshot(page, shots, 'desktop-admin-documents');
  assert.deepEqual(pageErrors, []);
});
