import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, waitFor, type TestPlatform } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { documentsPlugin } from './plugin.js';

// Issue 28: an unpaged `documents` costs what the collection holds, not a fixed guess of 100 items.
const documentCount = 2_000;
let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
  const db = await mongoose.createConnection(platform.mongoUrl, { dbName: platform.dbNames['documents'] }).asPromise();
  try {
    await db.collection('documents').insertMany(Array.from({ length: documentCount }, (_, index) => ({ name: `doc ${index}`, createdAt: new Date() })));
  } finally {
    await db.close();
  }
});
after(async () => {
  await platform?.stop();
});

const aliases = (count: number, field: string, selection: string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field} { ${selection} }`).join(' ')} }`;

describe('documents list cost from the real collection size', () => {
  it('refuses before execution, with the numbers, what the gateway alone would count as cheap', async () => {
    // 40 × 2,000 × (1 + 2) = 240,000 against 200,000; counted at 100 items it would be 12,000.
    const query = aliases(40, 'documents', '_id name');
    // A bound read less than 3 s before the insert may be used once more while it is read again, and that one
    // admitted query over 2,000 documents took 6 s in CI: the time out allows it.
    const refused = await waitFor(
      () => platform.graphql(query),
      (answer) => answer.errors?.[0]?.extensions?.code === 'QUERY_TOO_COMPLEX',
      { intervalMs: 200, timeoutMs: 60_000 },
    );
    assert.equal(refused.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', JSON.stringify(refused.errors ?? refused.data).slice(0, 300));
    assert.equal(refused.data ?? undefined, undefined);
    assert.match(refused.errors?.[0]?.message ?? '', /may cost 240000, the limit is 200000 .*documents 2000/);
  });

  it('still answers every document to an unpaged documents whose cost allows it (SPEC.md), and pages cheaply', async () => {
    const all = await platform.graphql<{ documents: Array<{ _id: string }> }>('{ documents { _id } }');
    assert.equal(all.errors, undefined, JSON.stringify(all.errors));
    assert.equal(all.data?.documents.length, documentCount);
    const paged = await platform.graphql<Record<string, unknown[]>>(aliases(20, 'documents(perPage: 50)', '_id name'));
    assert.equal(paged.errors, undefined, JSON.stringify(paged.errors));
    assert.equal(paged.data?.['a19']?.length, 50);
  });
});
