import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asksForFreshAnswer, withoutCacheDirectives } from './fresh-answer.js';

describe('asksForFreshAnswer', () => {
  it('reads no-cache among the Cache-Control directives, in any case', () => {
    assert.equal(asksForFreshAnswer({ 'cache-control': 'no-cache' }), true);
    assert.equal(asksForFreshAnswer({ 'cache-control': 'max-age=0, No-Cache' }), true);
    assert.equal(asksForFreshAnswer({ 'cache-control': 'no-cache="set-cookie"' }), true);
    assert.equal(asksForFreshAnswer({ 'cache-control': 'max-age=0' }), false);
    assert.equal(asksForFreshAnswer({ 'cache-control': 'no-store' }), false);
    assert.equal(asksForFreshAnswer({}), false);
  });

  it('takes Pragma: no-cache only when there is no Cache-Control', () => {
    assert.equal(asksForFreshAnswer({ pragma: 'no-cache' }), true);
    assert.equal(asksForFreshAnswer({ pragma: 'no-cache', 'cache-control': 'max-age=60' }), false);
    assert.equal(asksForFreshAnswer({ pragma: 'x-other' }), false);
  });
});

describe('withoutCacheDirectives', () => {
  it('leaves every other header for the plugin', () => {
    assert.deepEqual(withoutCacheDirectives({ cookie: 'auth-token=ada', 'cache-control': 'no-cache', pragma: 'no-cache' }), {
      cookie: 'auth-token=ada',
    });
  });
});
