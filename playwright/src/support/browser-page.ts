import type { Browser, Page } from 'playwright-core';

// The shell's prefix, repeated: the browser tests do not import the shell's source.
const recoveredRenderErrorPrefix = 'React recovered from an error thrown while rendering:';

/** A fresh context (no cookies) and page whose uncaught errors are collected for the test to check. */
export async function newPage(browser: Browser): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  reportRecoveredRenderErrors(page);
  return { page, pageErrors };
}

/**
 * Prints each render error React recovered from (the shell logs them; the page stayed whole, so they fail no
 * test) into the test's output, naming what was thrown and in which component.
 */
export function reportRecoveredRenderErrors(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(recoveredRenderErrorPrefix)) console.log(`# ${page.url()}: ${message.text()}`);
  });
}
