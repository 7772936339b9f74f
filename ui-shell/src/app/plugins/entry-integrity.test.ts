import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { entryHashMismatch, integrityOf } from './entry-integrity.js';

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const sri = (algorithm: string, text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;

test("an entry's hash is computed with the algorithm its entryHash names, as a script's integrity attribute has it", async () => {
  const entry = 'var remote_rsbuild;(()=>{})();';
  for (const algorithm of ['sha256', 'sha384', 'sha512']) {
    assert.equal(await integrityOf(bytes(entry), `${algorithm}-anything`), sri(algorithm, entry));
  }
  assert.notEqual(await integrityOf(bytes(`${entry} `), sri('sha384', entry)), sri('sha384', entry));
});

test('an entryHash naming another algorithm is refused, and a mismatch names both hashes', async () => {
  await assert.rejects(integrityOf(bytes('x'), 'md5-abc'), /entryHash "md5-abc" is not a sha256, sha384 or sha512 hash/);
  assert.equal(
    entryHashMismatch('vite-lab', 'http://remote/remoteEntry.js', 'sha384-AAA', 'sha384-BBB').message,
    'vite-lab: http://remote/remoteEntry.js does not match the entryHash of its lattice-plugin.json (expected sha384-AAA, served sha384-BBB); the shell did not run it',
  );
});
