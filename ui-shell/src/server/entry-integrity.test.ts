import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { entryHashMismatch, entryVersionOf, integrityOf } from './entry-integrity.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const sri = (algorithm: string, text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;

test("an entry's hash is computed with the algorithm its entryHash names, as a script's integrity attribute has it", () => {
  const entry = 'var remote_rsbuild;(()=>{})();';
  for (const algorithm of ['sha256', 'sha384', 'sha512']) {
    assert.equal(integrityOf(bytes(entry), `${algorithm}-anything`), sri(algorithm, entry));
  }
  assert.notEqual(integrityOf(bytes(`${entry} `), sri('sha384', entry)), sri('sha384', entry));
});

test('an entryHash naming another algorithm is refused, and a mismatch names both hashes', () => {
  assert.throws(() => integrityOf(bytes('x'), 'md5-abc'), /entryHash "md5-abc" is not a sha256, sha384 or sha512 hash/);
  assert.equal(
    entryHashMismatch('http://remote/remoteEntry.js', 'sha384-AAA', 'sha384-BBB'),
    'lattice-plugin.json entryHash: http://remote/remoteEntry.js does not match it (expected sha384-AAA, served sha384-BBB); the shell does not run it',
  );
});

test("an entry's version changes with its bytes and only with them", () => {
  assert.equal(entryVersionOf(bytes('var a = 1;')), entryVersionOf(bytes('var a = 1;')));
  assert.notEqual(entryVersionOf(bytes('var a = 1;')), entryVersionOf(bytes('var a = 2;')));
  assert.equal(entryVersionOf(bytes('var a = 1;')), sri('sha256', 'var a = 1;'));
});
