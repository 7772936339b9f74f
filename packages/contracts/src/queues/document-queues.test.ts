import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentFindQueue, documentSendQueue } from './document-queues.js';

describe('document queue contracts', () => {
  it('names the queues as SPEC.md does', () => {
    assert.deepEqual([documentSendQueue.name, documentSendQueue.kind], ['document:send', 'plain']);
    assert.deepEqual([documentFindQueue.name, documentFindQueue.kind], ['document:find', 'rpc']);
  });

  it('accepts a document payload with dates as ISO text', () => {
    const payload = { name: 'Lease', typeId: '0123456789abcdef01234567', expiryDate: '2030-01-31', checked: true, order: 2 };
    assert.deepEqual(documentSendQueue.payload.parse(payload), payload);
    assert.deepEqual(documentSendQueue.payload.parse({ expiryDate: '2030-01-31T10:00:00+02:00' }), { expiryDate: '2030-01-31T10:00:00+02:00' });
  });

  it('refuses unknown keys, a malformed typeId and a date it cannot read, naming each', () => {
    const result = documentSendQueue.payload.safeParse({ name: 'x', typeId: 'abc', expiryDate: 'soon', colour: 'red' });
    assert.equal(result.success, false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.') || issue.code).sort();
    assert.deepEqual(paths, ['expiryDate', 'typeId', 'unrecognized_keys']);
  });

  it('describes the find reply: ids and dates as text', () => {
    const reply = [{ _id: '0123456789abcdef01234567', name: 'a', createdAt: '2026-01-01T00:00:00.000Z', typeId: null }];
    assert.deepEqual(documentFindQueue.reply.parse(reply), reply);
    assert.equal(documentFindQueue.reply.safeParse([{ name: 'no id' }]).success, false);
  });
});
