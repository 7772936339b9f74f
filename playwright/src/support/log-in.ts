import type { Page } from 'playwright-core';
import type { UiStack } from './ui-stack.js';

/** Opens `path`; when the shell sends the browser to /login, logs in as the owner through the form. */
export async function openLoggedIn(page: Page, stack: UiStack, path: string): Promise<void> {
  await page.goto(`${stack.frontend.url}${path}`);
  // Either the login page or a known user (the header's Log out button; still logged in: cookies are
  // per host, not per port). The layout alone proves nothing: it renders while the session is checked.
  await page.waitForFunction(() => window.location.pathname === '/login' || [...document.querySelectorAll('button')].some((button) => button.textContent === 'Log out'));
  if (new URL(page.url()).pathname !== '/login') return;
  await page.getByRole('textbox', { name: 'Email' }).fill(stack.owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(stack.owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname + url.search === path);
}
