import assert from 'node:assert/strict';
import { logIn } from '@lattice/platform/test-kit';
import type { Browser, Page } from 'playwright-core';
import { reportRecoveredRenderErrors } from './browser-page.js';
import type { UiStack } from './ui-stack.js';

export interface TestUser {
  _id: string;
  email: string;
  password: string;
}

/** A user added through the API as the owner (`usersAdd`). */
export async function addUser(stack: UiStack, email: string, role: 'owner' | 'admin' | 'member'): Promise<TestUser> {
  const password = `${role} password ${email.length}`;
  const added = await stack.platform.graphql<{ usersAdd: { _id: string } }>(
    'mutation ($email: String!, $password: String!, $role: UserRole) { usersAdd(email: $email, password: $password, role: $role) { _id } }',
    { email, password, role },
  );
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  return { _id: added.data!.usersAdd._id, email, password };
}

/** The `auth-token=…` cookie of a fresh session of this user, logged in through the gateway. */
export function sessionCookie(stack: UiStack, user: { email: string; password: string }): Promise<string> {
  return logIn(`${stack.platform.gatewayUrl}/graphql`, user);
}

/** Wrong passwords for the user from one address until it must wait: the user shows as locked. */
export async function lockOut(stack: UiStack, email: string, address: string): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const response = await fetch(`${stack.platform.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { _id } }', variables: { email, password: `wrong ${attempt}` } }),
    });
    const body = (await response.json()) as { errors?: Array<{ message: string }> };
    if (/^Too many failed logins/.test(body.errors?.[0]?.message ?? '')) return;
  }
  assert.fail(`${email} was not locked after six wrong passwords`);
}

/** A fresh desktop context (1280×800, clipboard allowed) whose uncaught errors are collected for the test to check. */
export async function newDesktopPage(browser: Browser): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  reportRecoveredRenderErrors(page);
  return { page, pageErrors };
}

/** Logs in through the form as this user and waits for the page asked for. */
export async function logInAs(page: Page, stack: UiStack, user: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(`${stack.frontend.url}/login?next=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === path);
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}
