import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/**
 * Asks the front-end's /plugins.json, with the session of `page` (it gives plugins to a session only), until
 * a menu reads `text` (its next descriptor fetch), for up to a minute.
 */
export async function waitForMenuInPluginsManifest(page: Page, frontendUrl: string, text: string): Promise<void> {
  await waitForPluginsManifest(page, frontendUrl, (body) => body.includes(`"text":"${text}"`), `named "${text}"`);
}

/** Asks /plugins.json with the session of `page` until its text satisfies `ready`, for up to a minute. */
export async function waitForPluginsManifest(page: Page, frontendUrl: string, ready: (body: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  let body = '';
  while (Date.now() < deadline) {
    body = await (await page.context().request.get(`${frontendUrl}/plugins.json`)).text();
    if (ready(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`/plugins.json never ${what}: ${body}`);
}
