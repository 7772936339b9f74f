import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { readShareScope } from './support/share-scope.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack();

test('react and the other singletons are loaded once, from the shell, and used by the documents remote', async () => {
  const { page, pageErrors } = await newPage(env.browser);
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByRole('button', { name: 'Add document' }).waitFor();

  const scope = await readShareScope(page);
  for (const name of ['react', 'react-dom', '@apollo/client', '@lattice/ui-sdk']) {
    const versions = scope[name] ?? [];
    assert.equal(versions.length, 1, `${name}: one registered copy, got ${JSON.stringify(versions)}`);
    assert.equal(versions[0]?.from, 'lattice_shell', `${name} comes from the shell`);
    assert.equal(versions[0]?.loaded, true);
  }
  assert.ok(scope.react?.[0]?.useIn.includes('documents'), 'the documents remote uses the shell\'s react');

  // From the network: the remote fetched only its entry and its own page code, no copy of a shared module.
  // (A preloaded script the browser could not reuse may show twice; what matters is what was fetched.)
  const remoteScripts = new Set(scripts.filter((path) => path.startsWith('/plugins/documents/')).map((path) => path.replace(/\.[0-9a-f]{10}\.js$/, '.js')));
  assert.deepEqual([...remoteScripts].sort(), ['/plugins/documents/__federation_expose_routes.js', '/plugins/documents/remoteEntry.js'], `scripts: ${scripts.join(', ')}`);
  assert.deepEqual(pageErrors, []);
  await page.context().close();
});
