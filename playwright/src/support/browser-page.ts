import type { Browser, Page } from 'playwright-core';

/** A fresh context (no cookies) and page whose uncaught errors are collected for the test to check. */
export async function newPage(browser: Browser): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}
