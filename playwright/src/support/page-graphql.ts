import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** GraphQL from the page, with its login cookie, to seed what a test starts from; an error fails the test. */
export async function pageGraphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/gateway/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: unknown; errors?: unknown };
    },
    { query, variables },
  );
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data as T;
}
