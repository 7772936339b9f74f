import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';

export const goldenDir = new URL('../../../../../deploy/golden/', import.meta.url);

/** Compares generated text with its golden file; UPDATE_GOLDEN=1 rewrites the file instead (review the diff). */
export async function assertGolden(name: string, actual: string): Promise<void> {
  const file = new URL(name, goldenDir);
  if (process.env.UPDATE_GOLDEN === '1') await writeFile(file, actual);
  const expected = await readFile(file, 'utf8');
  assert.equal(actual, expected, `${file.pathname} is stale: run the test with UPDATE_GOLDEN=1 and review the diff`);
}
