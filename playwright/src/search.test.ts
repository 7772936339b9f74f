import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import documentsPlugin from '@lattice/plugin-documents';
import { createSearchClient, createSearchPlugin, startEssyncer, type RunningEssyncer, type SearchClient } from '@lattice/search';
import { startSearchEngine, type RunningSearchEngine } from '@lattice/search-engine';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { pageGraphql } from './support/page-graphql.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { launchChromium } from './support/chromium.js';
import { startUiStack, type UiStack } from './support/ui-stack.js';

// In this order: the engine, then the platform (its search subgraph reads ELASTICSEARCH_URL as it starts), then
// the essyncer on the platform's database; one hook, so nothing can run before what it reads exists.
const declared = (dbName: string) => (documentsPlugin.search ?? []).map((declaration) => ({ plugin: 'documents', dbName, declaration }));
let engine: RunningSearchEngine | undefined;
let search: SearchClient | undefined;
let essyncer: RunningEssyncer | undefined;
let stack: UiStack | undefined;
let browser: Browser | undefined;
before(async () => {
  engine = await startSearchEngine({ log: () => undefined });
  process.env.ELASTICSEARCH_URL = engine.url;
  stack = await startUiStack(undefined, [documentsPlugin, createSearchPlugin(declared('documents'))]);
  browser = await launchChromium();
  search = createSearchClient(engine.url);
  essyncer = await startEssyncer({ mongoUrl: stack.platform.mongoUrl, search, declarations: declared(stack.platform.dbNames.documents ?? 'documents'), log: { info: () => undefined, error: (line) => console.error(line) } });
});
after(async () => {
  await browser?.close();
  await essyncer?.stop();
  await stack?.stop();
  await search?.close();
  await engine?.stop();
  delete process.env.ELASTICSEARCH_URL;
});
const shots = screenshotFolder('search');

test('Ctrl+K, type, arrow down, Enter lands on the document’s page', async () => {
  const { page, pageErrors } = await newPage(browser!);
  await openLoggedIn(page, stack!, '/');
  const { documentsAdd: first } = await pageGraphql<{ documentsAdd: { _id: string } }>(page, 'mutation { documentsAdd(name: "Heron survey 2026") { _id } }');
  const { documentsAdd: second } = await pageGraphql<{ documentsAdd: { _id: string } }>(page, 'mutation { documentsAdd(name: "Heron nesting sites") { _id } }');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('combobox');
  await input.waitFor();
  await input.fill('hero');
  const options = dialog.getByRole('option');
  // The essyncer indexes within its 2 s; the dialog asks again as the user types, so type once more if needed.
  const deadline = Date.now() + 20_000;
  while ((await options.count()) < 2) {
    if (Date.now() > deadline) assert.fail(`two hits expected, saw ${await options.count()}`);
    await input.fill(Date.now() % 2 ? 'heron' : 'hero');
    await page.waitForTimeout(400);
  }
  await dialog.getByText('document', { exact: true }).first().waitFor();
  await screenshot(page, shots, 'desktop-search-results');
  const secondId = await options.nth(1).getAttribute('id');
  assert.equal(secondId, 'lattice-search-hit-1');
  const hitTitles = await options.allTextContents();
  const [target, targetName, otherName] = hitTitles[1]?.includes('nesting') ? [second._id, 'Heron nesting sites', 'Heron survey 2026'] : [first._id, 'Heron survey 2026', 'Heron nesting sites'];
  await input.press('ArrowDown');
  assert.equal(await options.nth(1).getAttribute('aria-selected'), 'true');
  await input.press('Enter');
  await page.waitForURL((url) => url.pathname === '/documents/' && url.searchParams.get('document') === target);
  await dialog.waitFor({ state: 'detached' });
  // The documents page shows that document: its dialog opens (the owner may edit it) and its row is the marked one.
  const opened = page.getByRole('dialog', { name: 'Edit document' });
  assert.equal(await opened.getByRole('textbox', { name: 'Name' }).inputValue(), targetName);
  await screenshot(page, shots, 'desktop-search-hit-opened');
  await opened.getByRole('button', { name: 'Cancel' }).click();
  await opened.waitFor({ state: 'detached' });
  const marked = page.locator('[data-testid="document-row"][aria-current="true"]');
  assert.equal(await marked.count(), 1);
  assert.match((await marked.textContent()) ?? '', new RegExp(targetName));
  assert.doesNotMatch((await page.getByRole('table').textContent()) ?? '', new RegExp(otherName), 'the list holds the document found, not the other hit');
  assert.deepEqual(pageErrors, []);
});
