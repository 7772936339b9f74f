import assert from 'node:assert/strict';

/** Asks the front-end's /plugins.json until a menu reads `text` (its next descriptor fetch), for up to a minute. */
export async function waitForMenuInPluginsManifest(frontendUrl: string, text: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let body = '';
  while (Date.now() < deadline) {
    body = await (await fetch(`${frontendUrl}/plugins.json`)).text();
    if (body.includes(`"text":"${text}"`)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`/plugins.json never named "${text}": ${body}`);
}
