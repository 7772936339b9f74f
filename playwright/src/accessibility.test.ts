import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import contactsPlugin from '@lattice/plugin-contacts';
import documentsPlugin from '@lattice/plugin-documents';
import imapPlugin from '@lattice/plugin-imap';
import inboxPlugin from '@lattice/plugin-inbox';
import logsPlugin from '@lattice/plugin-logs';
import { checkAccessibility, describe, type AccessibilityResult } from './support/accessibility-check.js';
import { createIntegration, deliver, rows } from './support/inbox-fixtures.js';
import { openLoggedIn } from './support/log-in.js';
import { screenshot, screenshotFolder } from './support/screenshots.js';
import { useBrowserAndStack } from './support/use-browser-and-stack.js';

// Issues 18 and 37: every page at 1440×900 and 390×844, each in the light and the dark scheme, in one browser
// with one login per size. On each: IBM's accessibility engine (see support/accessibility-check.ts) checks
// WCAG 2.1 A and AA, a VIOLATION that FAILs fails the test, with rule, element and message in the assertion
// (potential violations and recommendations are printed only); on the phone the page must not scroll
// sideways, and the documents table keeps Expires and Checked in view, not behind the row actions.
const env = useBrowserAndStack(
  [
    { name: 'documents', ui: 'local' },
    { name: 'contacts', ui: 'local' },
    { name: 'inbox', ui: 'local' },
    { name: 'imap', ui: 'local' },
  ],
  [documentsPlugin, contactsPlugin, inboxPlugin, imapPlugin, logsPlugin],
);
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof sizes;

/** One page state to check, in both colour schemes: how to reach it from the logged-in page. */
interface PageState {
  name: string;
  open(page: Page): Promise<void>;
  /** What else must hold on a phone. */
  onPhone?(page: Page): Promise<void>;
}

const go = async (page: Page, path: string) => {
  await page.goto(`${env.stack.frontend.url}${path}`);
  await page.waitForLoadState('networkidle');
};

const states: PageState[] = [
  {
    name: 'home',
    open: async (page) => {
      await go(page, '/');
      await page.getByRole('heading', { name: 'Documents' }).first().waitFor();
    },
  },
  {
    name: 'documents',
    open: async (page) => {
      await go(page, '/documents/');
      await page.getByTestId('document-row').first().waitFor();
    },
    onPhone: expectKeyDocumentColumnsInView,
  },
  {
    name: 'documents with the add-document dialog open',
    open: async (page) => {
      await go(page, '/documents/');
      await page.getByTestId('document-row').first().waitFor();
      await page.getByRole('button', { name: 'Add document' }).click();
      await page.getByRole('dialog', { name: 'Add document' }).getByRole('textbox', { name: 'Name' }).waitFor();
    },
  },
  {
    name: 'inbox with a conversation open',
    open: async (page) => {
      await go(page, '/inbox/');
      await rows(page).filter({ hasText: 'Invoice question' }).click();
      await page.getByTestId('conversation-detail').getByTestId('imap-message').first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'customers',
    open: async (page) => {
      await go(page, '/contacts/');
      await page.getByTestId('customer-row').filter({ hasText: 'alice@mail.test' }).waitFor();
    },
  },
  {
    name: 'a customer with their conversations',
    open: async (page) => {
      await go(page, '/contacts/');
      await page.getByTestId('customer-row').filter({ hasText: 'alice@mail.test' }).getByRole('link').click();
      await page.getByTestId('customer-conversation').filter({ hasText: 'Invoice question' }).waitFor();
    },
  },
  {
    name: "a customer's details",
    open: async (page) => {
      await page.getByRole('tab', { name: 'Details' }).click();
      await page.getByRole('textbox', { name: 'First name' }).waitFor();
    },
  },
  {
    name: 'settings',
    open: async (page) => {
      await go(page, '/settings');
      await page.getByRole('link', { name: 'Your password' }).waitFor();
    },
  },
  {
    name: 'settings: integrations',
    open: async (page) => {
      await go(page, '/inbox/integrations');
      await page.getByTestId('integration-row').filter({ hasText: 'Support mailbox' }).waitFor();
    },
  },
  {
    name: 'settings: users',
    open: async (page) => {
      await go(page, '/settings/users');
      await page.getByText(env.stack.owner.email).first().waitFor();
    },
  },
  {
    name: 'settings: permissions',
    open: async (page) => {
      await go(page, '/settings/permissions');
      await page.getByTestId('permission-matrix').waitFor();
    },
  },
  {
    name: 'settings: activity',
    open: async (page) => {
      await go(page, '/settings/activity');
      await page.getByRole('form', { name: 'Filter the activity' }).waitFor();
      await page.getByTestId('activity-row').first().waitFor();
    },
  },
  {
    name: 'settings: your password',
    open: async (page) => {
      await go(page, '/settings/password');
      await page.getByRole('form', { name: 'Change your password' }).waitFor();
    },
  },
];

/** The page never scrolls sideways: whatever is wide wraps, or scrolls inside its own card. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * On a phone the documents table shows each row's Expires and Checked on screen, and what is at their
 * centre is the cell itself (not the row actions drawn over it).
 */
async function expectKeyDocumentColumnsInView(page: Page) {
  const table = page.getByRole('table', { name: 'Documents' });
  for (const column of ['Expires', 'Checked']) {
    const header = table.getByRole('columnheader', { name: column });
    const box = await header.boundingBox();
    assert.ok(box && box.width > 0 && box.x >= 0 && box.x + box.width <= sizes.phone.width, `the ${column} column is on the screen (${JSON.stringify(box)})`);
    const covered = await header.evaluate((cell) => {
      const rect = cell.getBoundingClientRect();
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return top !== null && !cell.contains(top);
    });
    assert.equal(covered, false, `nothing is drawn over the ${column} column`);
  }
  const toggle = page.getByRole('switch').first();
  const box = await toggle.boundingBox();
  assert.ok(box && box.x + box.width <= sizes.phone.width, `the first row's Checked switch is on the screen (${JSON.stringify(box)})`);
}

/** Every page of `states` at one size, checked as it is; returns the failures by page, printing the advice. */
async function checkEveryPage(browser: Browser, size: Size): Promise<string[]> {
  const context = await browser.newContext({ viewport: sizes[size], colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const failures: string[] = [];
  const check = async (where: string) => {
    const report = await checkAccessibility(page);
    if (report.failures.length > 0) failures.push(`${size} ${where}:\n${describe(report.failures)}`);
    printAdvice(`${size} ${where}`, report.advice);
  };

  await go(page, '/login');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await check('/login');
  await openLoggedIn(page, env.stack, '/');
  for (const state of states) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await state.open(page);
      await page.waitForFunction((expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected, scheme);
      await check(`${state.name} (${scheme})`);
      if (size !== 'phone') continue;
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) failures.push(`phone ${state.name} (${scheme}): the page is ${overflow}px wider than the screen`);
      if (scheme === 'light') await state.onPhone?.(page);
    }
  }
  await context.close();
  return failures;
}

function printAdvice(where: string, advice: AccessibilityResult[]) {
  if (advice.length === 0) return;
  const byRule = new Map<string, number>();
  for (const result of advice) byRule.set(`${result.ruleId} [${result.value.join('/')}]`, (byRule.get(`${result.ruleId} [${result.value.join('/')}]`) ?? 0) + 1);
  console.log(`# ${where}: ${[...byRule].map(([rule, count]) => `${rule} ×${count}`).join(', ')}`);
}

test('seed: a type and documents, an integration with a conversation', async () => {
  const graphql = env.stack.platform.graphql;
  const type = await graphql<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Contracts") { _id } }');
  for (const [name, typeId] of [['Annual report', type.data?.documentTypesAdd._id], ['Price list', null]] as const) {
    const added = await graphql('mutation ($name: String, $typeId: String) { documentsAdd(name: $name, typeId: $typeId) { _id } }', { name, typeId });
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  }
  const support = await createIntegration(env.stack, 'Support mailbox');
  await deliver(env.stack, support, { messageId: '<invoice-1@mail.test>', subject: 'Invoice question', from: { name: 'Alice Ames', address: 'alice@mail.test' } });
});

for (const size of Object.keys(sizes) as Size[]) {
  test(`${size} ${sizes[size].width}×${sizes[size].height}: every page, light and dark, has no WCAG 2.1 violation${size === 'phone' ? ' and no sideways scroll' : ''}`, async () => {
    const failures = await checkEveryPage(env.browser, size);
    assert.deepEqual(failures, [], `failures:\n${failures.join('\n\n')}`);
  });
}

/** The skip link: the first Tab of a fresh page focuses it and shows it; Enter puts the focus on the main region. */
async function expectSkipLink(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(`${env.stack.frontend.url}${path}`);
  await ready(page);
  const link = page.getByRole('link', { name: 'Skip to content' });
  const hidden = await link.boundingBox();
  assert.ok(hidden && hidden.y + hidden.height <= 0, `${path}: out of sight until focused (${JSON.stringify(hidden)})`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content', `${path}: the first Tab reaches the skip link`);
  await page.waitForFunction(() => {
    const box = document.activeElement?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight && box.width > 0;
  });
  await screenshot(page, screenshotFolder('skip-link'), `focused-${path.replaceAll('/', '') || 'home'}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
  assert.equal(new URL(page.url()).pathname, path, `${path}: the page stays where it was`);
}

test('the first Tab of every page reaches "Skip to content", which moves the focus to the main region', async () => {
  const context = await env.browser.newContext({ viewport: sizes.desktop, colorScheme: 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await expectSkipLink(page, '/login', (page) => page.getByRole('button', { name: 'Log in' }).waitFor());
  await openLoggedIn(page, env.stack, '/');
  await expectSkipLink(page, '/', (page) => page.getByRole('heading', { name: 'Welcome to Lattice' }).waitFor());
  await expectSkipLink(page, '/documents/', (page) => page.getByRole('button', { name: 'Add document' }).waitFor());
  await context.close();
});
