import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { documentsPlugin } from './plugin.js';

// Issue 28: an unpaged `documents` costs what the collection holds, not a fixed guess of 100 items.
const documentCount = 2_000;
let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
  await insertDocuments(documentCount);
});
after(async () => {
  await platform?.stop();
});

/** Writes straight to the collection, as an import beside the plugin would. */
async function insertDocuments(count: number): Promise<void> {
  const db = await mongoose.createConnection(platform.mongoUrl, { dbName: platform.dbNames['documents'] }).asPromise();
  try {
    await db.collection('documents').insertMany(Array.from({ length: count }, (_, index) => ({ name: `doc ${index}`, createdAt: new Date() })));
  } finally {
    await db.close();
  }
}

const aliases = (count: number, field: string, selection: string) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${field} { ${selection} }`).join(' ')} }`;

describe('documents list cost from the real collection size', () => {
  it('refuses before execution, with the numbers, what the gateway alone would count as cheap', async () => {
    // 40 × 2,000 × (1 + 2) = 240,000 against 200,000; counted at 100 items it would be 12,000.
    const refused = await platform.graphql(aliases(40, 'documents', '_id name'));
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

  // Last: it adds documents. The bound is read for each request that selects the list, after it arrived; a count
  // kept for a second let this query in on the count from before the import, to be stopped only as its lists came
  // back (RESPONSE_TOO_LARGE, after reading 80,000 documents).
  it('counts documents imported just before the query: 20 aliases over 2,000 are served, over 4,000 refused before execution', async () => {
    const query = aliases(20, 'documents', '_id name');
    const served = await platform.graphql<Record<string, unknown[]>>(query);
    assert.equal(served.errors, undefined, JSON.stringify(served.errors)?.slice(0, 300));
    assert.equal(served.data?.['a19']?.length, documentCount);
    // A page of the list just before the import has the bound read then.
    const page = await platform.graphql('{ documents(perPage: 1) { _id } }');
    assert.equal(page.errors, undefined, JSON.stringify(page.errors));
    await insertDocuments(documentCount);
    const refused = await platform.graphql(query);
    assert.equal(refused.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', JSON.stringify(refused.errors ?? refused.data).slice(0, 300));
    assert.match(refused.errors?.[0]?.message ?? '', /may cost 240000, the limit is 200000 .*documents 4000/);
  });
});
