import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { createIntegration, deliver, rows, subscribedOnce, totalCount, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { createMailIntegration, customerMail, mailServersUnavailable, useMailServers } from './support/reply-fixtures.js';

const env = useInboxStack();
const servers = useMailServers();
const skip = mailServersUnavailable;

test('composer: a reply leaves over SMTP once, even double-clicked; the answer arrives live; a note by Ctrl+Enter stays internal', { skip }, async () => {
  const integration = await createMailIntegration(env.stack, servers, 'Replies mailbox');
  const { page, pageErrors } = await newPage(env.browser);
  const subscribed = subscribedOnce(page);
  await openLoggedIn(page, env.stack, `/inbox/?integration=${integration._id}`);
  await subscribed;
  await servers.dovecot.appendToInbox(
    customerMail({ messageId: '<lamp-1@customer.test>', from: '"Lena Lamp" <lena@customer.test>', subject: 'Broken lamp', body: 'The lamp arrived broken.' }),
  );
  await rows(page).filter({ hasText: 'Broken lamp' }).click();
  const detail = page.getByTestId('conversation-detail');
  await detail.getByTestId('imap-message').first().waitFor();

  await detail.getByRole('textbox', { name: 'Reply' }).fill('Sorry! A new lamp is on its way.');
  await detail.getByRole('button', { name: 'Send reply' }).dblclick();
  const outgoing = detail.locator('[data-testid="imap-message"][data-direction="outgoing"]');
  await outgoing.getByTestId('reply-state').filter({ hasText: 'Sent' }).waitFor();
  await outgoing.getByText('Sorry! A new lamp is on its way.').waitFor();
  assert.equal(await detail.getByRole('textbox', { name: 'Reply' }).inputValue(), '', 'the composer is empty again');
  const sent = servers.smtp.received.filter((mail) => mail.parsed.subject === 'Re: Broken lamp');
  assert.equal(sent.length, 1, 'one mail for a double click');
  assert.equal(sent[0]!.parsed.inReplyTo, '<lamp-1@customer.test>');
  assert.deepEqual(sent[0]!.envelope.to, ['lena@customer.test']);

  // The customer answers the reply: it joins this conversation, live.
  await servers.dovecot.appendToInbox(
    customerMail({ messageId: '<lamp-2@customer.test>', from: 'lena@customer.test', subject: 'Re: Re: Broken lamp', body: 'Thank you, it works!', inReplyTo: sent[0]!.parsed.messageId! }),
  );
  await detail.getByTestId('imap-message').filter({ hasText: 'Thank you, it works!' }).waitFor({ timeout: 20_000 });
  assert.equal(await detail.getByTestId('imap-message').count(), 3);

  await detail.getByRole('tab', { name: 'Internal note' }).click();
  const noteBox = detail.getByRole('textbox', { name: 'Internal note' });
  await noteBox.fill('Lena is a returning customer: offer a voucher.');
  await noteBox.press('Control+Enter');
  await detail.getByTestId('conversation-note').filter({ hasText: 'offer a voucher' }).waitFor();
  assert.equal(await detail.getByTestId('conversation-note').getByText('Internal note', { exact: false }).count(), 1);
  assert.equal(servers.smtp.received.filter((mail) => mail.parsed.text?.includes('voucher')).length, 0, 'the note never reached the SMTP server');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('a refusing SMTP server: the reply shows as not delivered with the reason, and Retry sends it once it accepts', { skip }, async () => {
  const integration = await createMailIntegration(env.stack, servers, 'Refusing mailbox');
  await servers.dovecot.appendToInbox(
    customerMail({ messageId: '<chair-1@customer.test>', from: 'chris@customer.test', subject: 'Wobbly chair', body: 'One leg is short.' }),
  );
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, `/inbox/?integration=${integration._id}`);
  await rows(page).filter({ hasText: 'Wobbly chair' }).click();
  const detail = page.getByTestId('conversation-detail');
  await detail.getByTestId('imap-message').first().waitFor();

  // A reply over the limit is the server's refusal, shown, and nothing is sent.
  await detail.getByRole('textbox', { name: 'Reply' }).fill('x'.repeat(50_001));
  await detail.getByRole('button', { name: 'Send reply' }).click();
  await detail.getByRole('alert').filter({ hasText: 'at most 50000 characters' }).waitFor();

  servers.smtp.refuse('550 Mailbox unavailable');
  await detail.getByRole('textbox', { name: 'Reply' }).fill('We will send a new leg.');
  await detail.getByRole('button', { name: 'Send reply' }).click();
  const failed = detail.getByTestId('reply-failed');
  await failed.getByTestId('reply-error').filter({ hasText: '550' }).waitFor();
  await failed.getByText(/Mailbox unavailable/).waitFor();
  assert.equal(servers.smtp.received.filter((mail) => mail.parsed.subject === 'Re: Wobbly chair').length, 0);

  servers.smtp.refuse(null);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await detail.getByTestId('reply-state').filter({ hasText: 'Sent' }).waitFor();
  assert.equal(await detail.getByTestId('reply-failed').count(), 0);
  assert.equal(servers.smtp.received.filter((mail) => mail.parsed.subject === 'Re: Wobbly chair').length, 1);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('the list shows each sender from contacts, and search finds by subject, sender and text, kept in the URL', async () => {
  const integration = await createIntegration(env.stack, 'Search mailbox');
  await deliver(env.stack, integration, { messageId: '<kettle-1@mail.test>', subject: 'Kettle leaks', body: 'Water on the counter', from: { name: 'Ines Ivy', address: 'ines@mail.test' } });
  await deliver(env.stack, integration, { messageId: '<toaster-1@mail.test>', subject: 'Toaster smokes', body: 'Serial number TX-4417', from: { name: 'Jon Jade', address: 'jon@mail.test' } });
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, `/inbox/?integration=${integration._id}`);
  await totalCount(page).filter({ hasText: '2 conversations' }).waitFor();
  // contacts knows the senders by address; the list shows them beside each subject.
  await rows(page).filter({ hasText: 'Kettle leaks' }).getByTestId('conversation-sender').filter({ hasText: 'ines@mail.test' }).waitFor();
  await rows(page).filter({ hasText: 'Toaster smokes' }).getByTestId('conversation-sender').filter({ hasText: 'jon@mail.test' }).waitFor();

  const search = page.getByRole('searchbox', { name: 'Search' });
  for (const [value, found] of [
    ['KETTLE', 'Kettle leaks'],
    ['jon@mail', 'Toaster smokes'],
    ['Ines Ivy', 'Kettle leaks'],
    ['tx-4417', 'Toaster smokes'],
  ] as const) {
    await search.fill(value);
    await page.waitForURL((url) => url.searchParams.get('q') === value);
    await page.waitForFunction(
      (subject) => {
        const labels = [...document.querySelectorAll('[data-testid="conversation-row"] .mantine-NavLink-label')].map((label) => label.textContent);
        return labels.length === 1 && labels[0] === subject;
      },
      found,
    );
    await totalCount(page).filter({ hasText: /^1 conversation$/ }).waitFor();
  }
  await page.reload();
  assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'tx-4417');
  await rows(page).filter({ hasText: 'Toaster smokes' }).waitFor();
  await search.fill('no such thing');
  await page.getByTestId('conversations-empty').waitFor();
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
