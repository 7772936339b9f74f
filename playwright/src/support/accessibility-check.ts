import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** One result of IBM's accessibility-checker-engine, as much of it as a report needs. */
export interface AccessibilityResult {
  ruleId: string;
  /** [policy level, outcome], e.g. ['VIOLATION', 'FAIL'] or ['RECOMMENDATION', 'POTENTIAL']. */
  value: [string, string];
  path: { dom: string; aria?: string };
  message: string;
  snippet: string;
}

export interface AccessibilityReport {
  /** VIOLATION with outcome FAIL: what the issue calls "serious or critical", and what fails a test. */
  failures: AccessibilityResult[];
  /** Every other POTENTIAL or FAIL result (potential violations, recommendations): printed, not failed. */
  advice: AccessibilityResult[];
}

const engineSource = readFileSync(createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'), 'utf8');

/**
 * Checks the page as it is now against WCAG 2.1 A and AA with IBM's engine (Apache-2.0; axe-core is
 * MPL-2.0, outside the project's licences). The engine arrives through page.evaluate, which runs over
 * the DevTools protocol and so is not refused by the shell's Content-Security-Policy (no unsafe-eval, no
 * inline scripts): the test sees the page with the same CSP a user gets, instead of a bypassCSP context.
 */
export async function checkAccessibility(page: Page): Promise<AccessibilityReport> {
  const installed = await page.evaluate(() => typeof (window as { ace?: unknown }).ace !== 'undefined');
  if (!installed) await page.evaluate(`${engineSource}\n;window.ace = ace;`);
  const results = await page.evaluate(async () => {
    const engine = (window as unknown as { ace: { Checker: new () => { check(node: Document, policies: string[]): Promise<{ results: AccessibilityResult[] }> } } }).ace;
    const report = await new engine.Checker().check(document, ['WCAG_2_1']);
    return report.results
      .filter((result) => result.value[1] === 'FAIL' || result.value[1] === 'POTENTIAL')
      .map(({ ruleId, value, path, message, snippet }) => ({ ruleId, value, path: { dom: path.dom, aria: path.aria }, message, snippet }));
  });
  return {
    failures: results.filter((result) => result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL'),
    advice: results.filter((result) => !(result.value[0] === 'VIOLATION' && result.value[1] === 'FAIL')),
  };
}

/** One line per result: what to fix, and where. */
export function describe(results: AccessibilityResult[]): string {
  return results.map((result) => `${result.ruleId} [${result.value.join('/')}] at ${result.path.dom}: ${result.message}\n    ${result.snippet}`).join('\n');
}
