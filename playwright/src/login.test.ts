import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from './support/browser-page.js';
import { openLoggedIn } from './support/log-in.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

const env = useBrowserAndStack();

test('login: a wrong password is refused with the server\'s message; logging out sends pages back to /login', async () => {
  const { page } = await newPage(env.browser);
  await page.goto(`${env.stack.frontend.url}/documents/?type=abc`);
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/documents/?type=abc');
  await page.getByRole('textbox', { name: 'Email' }).fill(env.stack.owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');

  await openLoggedIn(page, env.stack, '/documents/');
  await page.getByRole('button', { name: 'Add document' }).waitFor();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.goto(`${env.stack.frontend.url}/settings`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.context().close();
});
