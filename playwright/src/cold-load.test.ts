import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Request } from 'playwright-core';
import { newPage } from './support/browser-page.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack();

test('a cold load of /documents/: the manifest comes with the page, the remote downloads at once, the data is asked once', async () => {
  await env.stack.platform.graphql('mutation ($name: String) { documentsAdd(name: $name) { _id } }', { name: 'Cold load' });
  const { page, pageErrors } = await newPage(env.browser);
  const [name, value] = env.stack.platform.authCookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: env.stack.frontend.url }]);
  const finished: Request[] = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${env.stack.frontend.url}/documents/`);
  await page.getByTestId('document-row').first().waitFor();
  await page.waitForLoadState('networkidle');

  const paths = finished.map((request) => new URL(request.url()).pathname);
  assert.ok(!paths.includes('/plugins.json'), `the manifest is inlined in index.html, not fetched: ${paths.join(', ')}`);

  const operations = finished
    .filter((request) => new URL(request.url()).pathname === '/gateway/graphql')
    .map((request) => (request.postDataJSON() as { operationName?: string }).operationName);
  assert.deepEqual(operations.sort(), ['CurrentUser', 'DocumentsPage'], 'the session and the page data, each asked for once');

  // Preloaded from index.html: the remote's page code is requested before its entry has even arrived.
  const requestOf = (pattern: RegExp) => finished.find((request) => pattern.test(new URL(request.url()).pathname));
  const entry = requestOf(/^\/plugins\/documents\/remoteEntry\.js$/);
  const routes = requestOf(/^\/plugins\/documents\/__federation_expose_routes\.[0-9a-f]+\.js$/);
  assert.ok(entry && routes, `both remote scripts were fetched: ${paths.join(', ')}`);
  assert.ok(routes.timing().startTime < entry.timing().startTime + entry.timing().responseEnd, 'the routes chunk was requested while the entry was still downloading');
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
