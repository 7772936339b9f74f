import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { checkAccessibility, describe } from './support/accessibility-check.js';
import { newPage } from './support/browser-page.js';
import { createIntegration, deliver, rows, useInboxStack } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';

// Issue 37, mail as mail: an HTML mail shows formatted, sanitised, in a frame that runs nothing; its remote
// image is not fetched until the user allows the sender's images (remembered); quoted history is folded;
// a plain-text mail keeps its line breaks.
const env = useInboxStack();

/** A web server standing for a newsletter's image host: it records every request it gets. */
let imageServer: Server;
const imageRequests: string[] = [];
let imageOrigin = '';
before(async () => {
  imageServer = createServer((request, response) => {
    imageRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/gif' });
    response.end(Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'));
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(imageServer.address() as { port: number }).port}`;
});
after(() => new Promise<void>((resolve) => imageServer.close(() => resolve())));

test('an HTML mail shows formatted, runs no script, fetches its remote image only once the sender is allowed; quotes fold', async () => {
  const integration = await createIntegration(env.stack, 'Newsletter mailbox');
  const html = [
    '<html><head><style>.brand{color:rgb(200, 0, 0)}</style></head><body>',
    '<p>Hello <strong class="brand">Support</strong>,</p>',
    '<p>Your order has shipped.</p>',
    '<script>window.parent.mailScriptRan = true;</script>',
    '<img src="nowhere.png" onerror="window.parent.mailHandlerRan = true">',
    `<img alt="Logo" src="${imageOrigin}/logo.gif?from=newsletter">`,
    '<div class="gmail_quote">On Mon, Support wrote:<blockquote>Earlier question about the parcel</blockquote></div>',
    '</body></html>',
  ].join('');
  await deliver(env.stack, integration, {
    messageId: '<html-1@shop.test>',
    subject: 'Your order has shipped',
    body: 'Hello Support, your order has shipped.',
    html,
    from: { name: 'Shop News', address: 'news@shop.test' },
  });

  const { page, pageErrors } = await newPage(env.browser);
  const imageRequestsSeen: string[] = [];
  page.on('request', (request) => request.url().startsWith(imageOrigin) && imageRequestsSeen.push(request.url()));
  await openLoggedIn(page, env.stack, '/inbox/');
  await rows(page).filter({ hasText: 'Your order has shipped' }).click();
  const frameElement = page.getByTestId('imap-message-html');
  await frameElement.waitFor();
  const frame = page.frameLocator('[data-testid="imap-message-html"]');
  await frame.getByText('Your order has shipped.').waitFor();

  // Formatted: the strong element, styled by the mail's own stylesheet; no tag shows as text.
  const strong = frame.locator('strong.brand');
  assert.equal(await strong.textContent(), 'Support');
  assert.equal(await strong.evaluate((element) => getComputedStyle(element).color), 'rgb(200, 0, 0)');
  const text = await frame.locator('body').innerText();
  assert.doesNotMatch(text, /<\/?(p|strong|script|img)\b/);
  // Nothing ran: the script is gone and the handler with it (and the frame has no allow-scripts).
  assert.equal(await frame.locator('script').count(), 0);
  assert.equal(await frame.locator('[onerror]').count(), 0);
  assert.equal(await frameElement.getAttribute('sandbox'), 'allow-same-origin allow-popups allow-popups-to-escape-sandbox');
  assert.deepEqual(await page.evaluate(() => [Reflect.get(window, 'mailScriptRan'), Reflect.get(window, 'mailHandlerRan')]), [undefined, undefined]);

  // The remote image was neither requested by the page nor reached its server.
  const blocked = page.getByTestId('imap-remote-images-blocked');
  await blocked.getByText('1 image from the internet is hidden to protect your privacy.').waitFor();
  assert.deepEqual(imageRequestsSeen, []);
  assert.deepEqual(imageRequests, []);
  // The mail (its frame checked too), the notice and the list beside them: no serious or critical
  // accessibility violation in either colour scheme (the mail keeps its white page in both).
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected, scheme);
    const report = await checkAccessibility(page);
    assert.deepEqual(report.failures, [], `${scheme}:\n${describe(report.failures)}`);
  }

  // Quoted history is folded until asked for.
  assert.equal(await frame.getByText('Earlier question about the parcel').count(), 0);
  await page.getByRole('button', { name: 'Show quoted text' }).click();
  await frame.getByText('Earlier question about the parcel').waitFor();
  await page.getByRole('button', { name: 'Hide quoted text' }).click();
  await frame.getByText('Earlier question about the parcel').waitFor({ state: 'detached' });

  // Allowed: the image is fetched and shows; the choice is remembered for the sender after a reload.
  await blocked.getByRole('button', { name: 'Always show images from this sender' }).click();
  await frame.locator('img[alt="Logo"]').evaluate((image: HTMLImageElement) => (image.complete ? undefined : new Promise((resolve) => image.addEventListener('load', resolve))));
  assert.equal(await frame.locator('img[alt="Logo"]').evaluate((image: HTMLImageElement) => image.naturalWidth), 1);
  assert.deepEqual(imageRequestsSeen, [`${imageOrigin}/logo.gif?from=newsletter`]);
  assert.equal(await blocked.count(), 0);
  await page.reload();
  await page.frameLocator('[data-testid="imap-message-html"]').locator('img[alt="Logo"]').waitFor();
  await page.getByTestId('imap-message-html').waitFor();
  assert.equal(await page.getByTestId('imap-remote-images-blocked').count(), 0);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});

test('a plain-text mail keeps its line breaks, shows markup as typed, and folds its quoted history', async () => {
  const integration = await createIntegration(env.stack, 'Plain mailbox');
  await deliver(env.stack, integration, {
    messageId: '<plain-1@mail.test>',
    subject: 'Plain reply',
    body: 'First line\nSecond line with <b>angle brackets</b>\n\nOn Tue, Support <support@lattice.test> wrote:\n> The earlier answer',
    from: { name: 'Pat Plain', address: 'pat@mail.test' },
  });
  const { page, pageErrors } = await newPage(env.browser);
  await openLoggedIn(page, env.stack, '/inbox/');
  await rows(page).filter({ hasText: 'Plain reply' }).click();
  const body = page.getByTestId('imap-message-body');
  await body.waitFor();
  assert.equal(await body.innerText(), 'First line\nSecond line with <b>angle brackets</b>');
  assert.equal(await page.getByTestId('imap-message-html').count(), 0);
  assert.equal(await page.getByTestId('imap-message-quoted').count(), 0);
  await page.getByRole('button', { name: 'Show quoted text' }).click();
  assert.equal(await page.getByTestId('imap-message-quoted').innerText(), 'On Tue, Support <support@lattice.test> wrote:\n> The earlier answer');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
