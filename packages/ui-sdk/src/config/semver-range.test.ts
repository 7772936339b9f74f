import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSemverRange } from './semver-range.js';

test('npm ranges are semver ranges', () => {
  for (const range of ['^19.0.0', '19', '>=18.2 <20', '~7.1', '1.x || 2', '1.2 - 2.3.4', '*', '^19.0.0-rc.1', '>= 1.0.0', '=1.2.3+build.5', 'v1.2.3']) {
    assert.equal(isSemverRange(range), true, range);
  }
});

test('dist-tags, words and broken versions are not', () => {
  for (const range of ['latest', 'nineteen', '', '^', '19.0.0.0', '>=', '1.2 -', '^01.0.0', 'react@19']) {
    assert.equal(isSemverRange(range), false, JSON.stringify(range));
  }
});
