import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRestorable, restoreWindowSeconds } from './restore-window.js';

describe('restore window', () => {
  const removedAt = new Date('2030-01-01T12:00:00.000Z');
  const after = (seconds: number) => new Date(removedAt.getTime() + seconds * 1000);

  it('restores within the window, its last moment included', () => {
    assert.equal(isRestorable(removedAt, after(0)), true);
    assert.equal(isRestorable(removedAt, after(restoreWindowSeconds)), true);
  });

  it('refuses after the window, even before the TTL sweep has deleted the record', () => {
    assert.equal(isRestorable(removedAt, after(restoreWindowSeconds + 1)), false);
  });
});
