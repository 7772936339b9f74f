import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * Where a test file's screenshots go: playwright/test-results/<folder>/ (git-ignored), so a reviewer can
 * look at every page without them ever being committed.
 */
export function screenshotFolder(folder: string): string {
  const path = fileURLToPath(new URL(`../../test-results/${folder}/`, import.meta.url));
  mkdirSync(path, { recursive: true });
  return path;
}

/** A full-page PNG named `<name>.png` in `folder`, taken once the page has stopped fetching and animating. */
export async function screenshot(page: Page, folder: string, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${folder}${name}.png`, fullPage: true, animations: 'disabled' });
}
