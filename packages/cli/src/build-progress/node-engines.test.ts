import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { it } from 'node:test';
import semver from 'semver';
import { z } from 'zod';

const root = new URL('../../../../', import.meta.url);
// Some old packages write engines as a list, or without node: those ask for nothing.
const nodeEngine = z.unknown().optional().transform((engines) => z.object({ node: z.string() }).safeParse(engines).data?.node);
const lockSchema = z.object({ packages: z.record(z.string(), z.object({ version: z.string().optional(), engines: nodeEngine })) });

it('installs without EBADENGINE on every Node version the root package.json names', async () => {
  const wanted = z.object({ engines: nodeEngine }).parse(JSON.parse(await readFile(new URL('package.json', root), 'utf8'))).engines;
  assert.ok(wanted, 'the root package.json names the Node versions it supports');
  const lock = lockSchema.parse(JSON.parse(await readFile(new URL('package-lock.json', root), 'utf8')));
  const narrower = Object.entries(lock.packages)
    .filter(([, entry]) => entry.engines && !semver.subset(wanted, entry.engines))
    .map(([path, entry]) => `${path}@${entry.version ?? ''} wants node ${entry.engines ?? ''}`);
  assert.deepEqual(narrower, [], `these would warn EBADENGINE on some Node ${wanted}: pin them (root "overrides") or narrow "engines"`);
});
