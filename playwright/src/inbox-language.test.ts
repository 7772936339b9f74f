import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { createIntegration, deliver, rows, subscribedOnce, totalCount, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';

// Issue 18, a second language for the inbox: after the header's switch to German, the inbox page (title, the
// count as a plural, the filters, dates), a conversation with the imap remote's view (its own catalogue), the
// integrations page with the imap form and the imap plugin's own page read in German, at 1280×800.
// Screenshots go to playwright/test-results/inbox-language/.
const env = useInboxStack();
const shots = screenshotFolder('inbox-language');

// The browser and this process share the machine's time zone, so Node's Intl says what the page must show
// (ui-sdk's useFormat().dateTime: medium date, short time).
const germanDateTime = (iso: string) => new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

test('German at 1280×800: the inbox, a conversation in the imap view, the integrations page and the imap page', async () => {
  const integration = await createIntegration(env.stack, 'Kundendienst');
  await deliver(env.stack, integration, { messageId: '<lampe-1@mail.test>', subject: 'Lampe defekt', from: { name: 'Lena Lamp', address: 'lena@mail.test' } });
  const listed = await env.stack.platform.graphql<{ conversations: Array<{ content: string; updatedAt: string }> }>('{ conversations { content updatedAt } }');
  const first = listed.data?.conversations.find((conversation) => conversation.content === 'Lampe defekt');
  assert.ok(first, JSON.stringify(listed));

  const { page, pageErrors } = await newPage(env.browser);
  page.setDefaultTimeout(20_000);
  const subscribed = subscribedOnce(page);
  await openLoggedIn(page, env.stack, '/inbox/');
  await totalCount(page).filter({ hasText: /^1 conversation$/ }).waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');

  // The inbox page: heading and tab title, the count as a plural, the filters and the row's date in German.
  await page.getByRole('heading', { name: 'Posteingang', level: 2 }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await totalCount(page).filter({ hasText: /^1 Unterhaltung$/ }).waitFor();
  assert.equal(await page.title(), 'Posteingang · Lattice');
  await page.getByRole('searchbox', { name: 'Suche' }).waitFor();
  assert.deepEqual(await page.getByRole('combobox', { name: 'Status' }).locator('option').allTextContents(), ['Offen', 'Geschlossen', 'Alle']);
  assert.equal(await page.getByRole('combobox', { name: 'Integration' }).locator('option').first().textContent(), 'Alle Integrationen');
  const row = rows(page).filter({ hasText: 'Lampe defekt' });
  await row.getByText(`Kundendienst · ${germanDateTime(first.updatedAt)}`).waitFor();
  // A second conversation arrives live: the other plural form.
  await subscribed;
  await deliver(env.stack, integration, { messageId: '<stuhl-1@mail.test>', subject: 'Stuhl wackelt', from: { name: 'Chris Chair', address: 'chris@mail.test' } });
  await totalCount(page).filter({ hasText: /^2 Unterhaltungen$/ }).waitFor();

  // The conversation: the inbox's part and the imap remote's view, each from its own catalogue.
  await row.click();
  const detail = page.getByTestId('conversation-detail');
  await detail.getByRole('button', { name: 'Unterhaltung schließen' }).waitFor();
  await detail.getByText(/begonnen am .* · letzte Aktivität am /).waitFor();
  const mail = detail.getByTestId('imap-message').first();
  await mail.getByText('Von:').waitFor();
  await mail.getByText('An:').waitFor();
  assert.match((await mail.getByTestId('imap-message-time').textContent()) ?? '', /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await detail.getByRole('tab', { name: 'Interne Notiz' }).click();
  await detail.getByRole('textbox', { name: 'Interne Notiz' }).fill('Ersatzlampe ist unterwegs.');
  await detail.getByRole('button', { name: 'Notiz hinzufügen' }).click();
  await detail.getByTestId('conversation-note').getByText('Interne Notiz · nicht an den Kunden gesendet').waitFor();
  await screenshot(page, shots, 'inbox-de');

  // The integrations page after a reload (the choice is kept): the list, the copy buttons and the imap form.
  await page.goto(`${env.stack.frontend.url}/inbox/integrations`);
  await page.getByRole('heading', { name: 'Integrationen', level: 2 }).waitFor();
  assert.equal(await page.title(), 'Integrationen · Lattice');
  const integrationRow = page.getByTestId('integration-row').filter({ hasText: 'Kundendienst' });
  await integrationRow.getByRole('button', { name: 'ID von Kundendienst kopieren' }).waitFor();
  await integrationRow.getByRole('button', { name: 'Empfangs-URL von Kundendienst kopieren' }).waitFor();
  await page.getByRole('columnheader', { name: 'Empfangs-URL' }).waitFor();
  await screenshot(page, shots, 'integrations-de');
  await page.getByRole('button', { name: 'Integration hinzufügen: IMAP e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Integration hinzufügen: IMAP e-mail' });
  await dialog.getByRole('textbox', { name: 'IMAP-Server' }).waitFor();
  await dialog.getByRole('checkbox', { name: 'TLS verwenden' }).waitFor();
  await dialog.getByRole('button', { name: 'Erstellen' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Bitte geben Sie einen Namen ein' }).waitFor();
  await screenshot(page, shots, 'imap-form-de');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The imap plugin's own page, titled from its catalogue too.
  await page.goto(`${env.stack.frontend.url}/imap/`);
  await page.getByRole('heading', { name: 'IMAP-Konten', level: 2 }).waitFor();
  await page.getByRole('link', { name: 'Integrationsseite' }).waitFor();
  assert.equal(await page.title(), 'IMAP-Konten · Lattice');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
