import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import mongoose from 'mongoose';
import { isDuplicateKeyError, modelsPerConnection } from './models-per-connection.js';

describe('modelsPerConnection', () => {
  it('defines the models once per connection and again for another connection', () => {
    let defined = 0;
    const load = modelsPerConnection((db) => ({ db, order: (defined += 1) }));
    const first = mongoose.createConnection();
    const second = mongoose.createConnection();
    assert.equal(load(first), load(first));
    assert.equal(load(first).db, first);
    assert.notEqual(load(second), load(first));
    assert.equal(defined, 2);
  });

  it('recognises MongoDB duplicate-key errors only', () => {
    assert.equal(isDuplicateKeyError({ code: 11000 }), true);
    assert.equal(isDuplicateKeyError({ code: 11001 }), false);
    assert.equal(isDuplicateKeyError(new Error('E11000 in a message only')), false);
    assert.equal(isDuplicateKeyError(null), false);
  });
});
