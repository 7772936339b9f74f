import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createInProcessBroker, type InProcessBroker } from '@lattice/broker';
import type { DocumentRecord } from '@lattice/contracts';
import { startTestPlatform, waitFor, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from '../plugin.js';

let platform: TestPlatform;
let broker: InProcessBroker;

before(async () => {
  broker = createInProcessBroker({ maxAttempts: 2, retryDelayMs: 10 });
  platform = await startTestPlatform({ plugins: [documentsPlugin], broker });
});
after(async () => {
  await platform?.stop();
  await broker?.close();
});

describe('documents queues', () => {
  it('document:send creates a document from its payload', async () => {
    await broker.sendMessage('document:send', { name: 'From the queue', checked: true, expiryDate: '2031-05-01' });
    const names = await waitFor(
      async () => {
        const response = await platform.graphql<{ documents: Array<{ name: string; checked: boolean; expiryDate: string }> }>(
          '{ documents { name checked expiryDate } }',
        );
        return response.data?.documents ?? [];
      },
      (documents) => documents.some((document) => document.name === 'From the queue'),
    );
    const created = names.find((document) => document.name === 'From the queue');
    assert.deepEqual(created, { name: 'From the queue', checked: true, expiryDate: '2031-05-01T00:00:00.000Z' });
  });

  it('document:send dead-letters a payload it cannot use instead of dropping it', async () => {
    await broker.sendMessage('document:send', { name: 42, colour: 'red' });
    const dead = await waitFor(
      async () => broker.deadLetters('document:send'),
      (letters) => letters.length > 0,
    );
    assert.equal(dead.length, 1);
    assert.deepEqual(dead[0]?.data, { name: 42, colour: 'red' });
  });

  it('document:find replies with every document in list order', async () => {
    await platform.graphql('mutation { a: documentsAdd(name: "zz", order: 9) { _id } b: documentsAdd(name: "aa", order: 9) { _id } }');
    const documents = await broker.sendRPCMessage<DocumentRecord[]>('document:find', {});
    const listed = await platform.graphql<{ documents: Array<{ _id: string }> }>('{ documents { _id } }');
    assert.deepEqual(
      documents.map((document) => document._id),
      listed.data?.documents.map((document) => document._id),
    );
    const last = documents.slice(-2);
    assert.deepEqual(last.map((document) => document.name), ['aa', 'zz']);
    assert.match(last[0]?.createdAt ?? '', /^\d{4}-\d\d-\d\dT/);
  });
});
