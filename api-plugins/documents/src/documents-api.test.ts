import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import mongoose from 'mongoose';
import { documentFields, documentsTestClient, type DocumentResult } from './test-support/documents-test-client.js';
import { documentsPlugin } from './plugin.js';

let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
});
after(async () => {
  await platform?.stop();
});

const { ok, addType, addDocument } = documentsTestClient(() => platform);

async function listDocuments(typeId?: string): Promise<DocumentResult[]> {
  const data = await ok<{ documents: DocumentResult[] }>(
    `query ($typeId: String) { documents(typeId: $typeId) { ${documentFields} } }`,
    { typeId },
  );
  return data.documents;
}

async function clearAll() {
  for (const document of await listDocuments()) {
    await ok('mutation ($id: String!) { documentsRemove(_id: $id) }', { id: document._id });
  }
}

describe('documents through the gateway', () => {
  it('adds a type and a document with every field, createdAt set by the server', async () => {
    const typeId = await addType('Contracts');
    const before = Date.now();
    const document = await addDocument({
      name: 'Lease',
      expiryDate: '2030-01-31T00:00:00.000Z',
      checked: true,
      typeId,
      order: 2,
    });
    assert.match(document._id, /^[0-9a-f]{24}$/);
    assert.equal(document.name, 'Lease');
    assert.equal(document.expiryDate, '2030-01-31T00:00:00.000Z');
    assert.equal(document.checked, true);
    assert.equal(document.typeId, typeId);
    assert.equal(document.order, 2);
    assert.deepEqual(document.currentType, { _id: typeId, name: 'Contracts' });
    const createdAt = Date.parse(document.createdAt ?? '');
    assert.ok(createdAt >= before - 1000 && createdAt <= Date.now() + 1000, `createdAt ${document.createdAt} is now`);
  });

  it('lists by order (missing first), then name, and filters by a non-empty typeId', async () => {
    await clearAll();
    const invoices = await addType('Invoices');
    const letters = await addType('Letters');
    await addDocument({ name: 'b', order: 1, typeId: invoices });
    await addDocument({ name: 'a', order: 1, typeId: letters });
    await addDocument({ name: 'z', typeId: invoices });
    await addDocument({ name: 'c', order: 0 });
    await addDocument({ name: 'y' });

    assert.deepEqual(
      (await listDocuments()).map((document) => document.name),
      ['y', 'z', 'c', 'a', 'b'],
    );
    assert.deepEqual(
      (await listDocuments(invoices)).map((document) => document.name),
      ['z', 'b'],
    );
    assert.equal((await listDocuments('')).length, 5, 'an empty typeId returns all documents');
    const count = await ok<{ documentsTotalCount: number }>('{ documentsTotalCount }');
    assert.equal(count.documentsTotalCount, 5, 'the count ignores any type filter');
  });

  it('resolves currentType for a whole list in one batched query', async () => {
    await clearAll();
    const types = [await addType('T1'), await addType('T2'), await addType('T3')];
    for (let index = 0; index < 30; index += 1) await addDocument({ name: `d${index}`, typeId: types[index % 3] });

    const typeQueries: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'document_types') typeQueries.push(method);
    });
    try {
      const documents = await listDocuments();
      assert.equal(documents.length, 30);
      assert.ok(documents.every((document) => document.currentType?._id === document.typeId));
    } finally {
      mongoose.set('debug', false);
    }
    assert.deepEqual(typeQueries, ['find'], 'one query for all 30 currentType fields');
  });

  it('edits the supplied fields only, clears a field given as null, and returns the updated document', async () => {
    const typeId = await addType('Edited');
    const original = await addDocument({ name: 'Draft', checked: false, order: 5 });
    const data = await ok<{ documentsEdit: DocumentResult }>(
      `mutation ($id: String!, $typeId: String) {
        documentsEdit(_id: $id, name: "Final", checked: true, typeId: $typeId, order: null) { ${documentFields} }
      }`,
      { id: original._id, typeId },
    );
    assert.equal(data.documentsEdit.name, 'Final');
    assert.equal(data.documentsEdit.checked, true);
    assert.equal(data.documentsEdit.order, null);
    assert.equal(data.documentsEdit.createdAt, original.createdAt, 'createdAt is not touched');
    assert.deepEqual(data.documentsEdit.currentType, { _id: typeId, name: 'Edited' });
    const stored = (await listDocuments(typeId))[0];
    assert.equal(stored?.name, 'Final');
  });

  it('removes a document, after which it is gone and removing it again is NOT_FOUND', async () => {
    const document = await addDocument({ name: 'Temporary' });
    const removed = await ok<{ documentsRemove: { _id: string; deletedCount: number } }>(
      'mutation ($id: String!) { documentsRemove(_id: $id) }',
      { id: document._id },
    );
    assert.deepEqual(removed.documentsRemove, { _id: document._id, deletedCount: 1 });
    assert.ok(!(await listDocuments()).some((listed) => listed._id === document._id));
    const again = await platform.graphql('mutation ($id: String!) { documentsRemove(_id: $id) }', { id: document._id });
    assert.equal(again.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.equal(again.errors?.[0]?.message, 'Document not found');
  });

  it('edits and removes types; documents of a removed type stay, without a type', async () => {
    const typeId = await addType('Old name');
    const edited = await ok<{ documentTypesEdit: { _id: string; name: string } }>(
      'mutation ($id: String!) { documentTypesEdit(_id: $id, name: "New name") { _id name } }',
      { id: typeId },
    );
    assert.deepEqual(edited.documentTypesEdit, { _id: typeId, name: 'New name' });
    const document = await addDocument({ name: 'Typed', typeId });

    const removed = await ok<{ documentTypesRemove: Record<string, unknown> }>(
      'mutation ($id: String!) { documentTypesRemove(_id: $id) }',
      { id: typeId },
    );
    assert.deepEqual(removed.documentTypesRemove, { _id: typeId, deletedCount: 1, documentsUntyped: 1 });
    const types = await ok<{ documentTypes: Array<{ _id: string }> }>('{ documentTypes { _id name } }');
    assert.ok(!types.documentTypes.some((type) => type._id === typeId));
    const kept = (await listDocuments()).find((listed) => listed._id === document._id);
    assert.equal(kept?.typeId, null);
    assert.equal(kept?.currentType, null);
  });
});

describe('documents bad input through the gateway', () => {
  const cases: Array<{ title: string; query: string; variables?: Record<string, unknown>; code: string; message: RegExp }> = [
    {
      title: 'a malformed id',
      query: 'mutation { documentsRemove(_id: "not-an-id") }',
      code: 'BAD_USER_INPUT',
      message: /Invalid _id "not-an-id"/,
    },
    {
      title: 'an unknown document id',
      query: 'mutation { documentsEdit(_id: "0123456789abcdef01234567", name: "x") { _id } }',
      code: 'NOT_FOUND',
      message: /^Document not found$/,
    },
    {
      title: 'an unknown type id',
      query: 'mutation { documentTypesEdit(_id: "0123456789abcdef01234567", name: "x") { _id } }',
      code: 'NOT_FOUND',
      message: /^Type not found$/,
    },
    {
      title: 'a document added with an unknown type',
      query: 'mutation { documentsAdd(name: "x", typeId: "0123456789abcdef01234567") { _id } }',
      code: 'NOT_FOUND',
      message: /^Type not found$/,
    },
    {
      title: 'a wrong argument type in the query',
      query: 'mutation { documentsAdd(name: "x", checked: "yes") { _id } }',
      code: 'BAD_USER_INPUT',
      message: /Boolean/,
    },
    {
      title: 'a wrong argument type in the variables',
      query: 'mutation ($checked: Boolean) { documentsAdd(name: "x", checked: $checked) { _id } }',
      variables: { checked: 'yes' },
      code: 'BAD_USER_INPUT',
      message: /Boolean/,
    },
    {
      title: 'a missing required _id',
      query: 'mutation { documentsRemove }',
      code: 'BAD_USER_INPUT',
      message: /_id/,
    },
    {
      title: 'an invalid date',
      query: 'mutation ($date: Date) { documentsAdd(name: "x", expiryDate: $date) { _id } }',
      variables: { date: 'next tuesday' },
      code: 'BAD_USER_INPUT',
      message: /Date cannot represent "next tuesday"/,
    },
  ];

  for (const testCase of cases) {
    it(`refuses ${testCase.title}`, async () => {
      const countBefore = await ok<{ documentsTotalCount: number }>('{ documentsTotalCount }');
      const response = await platform.graphql(testCase.query, testCase.variables);
      const error = response.errors?.[0];
      assert.ok(error, 'an error is returned');
      assert.equal(error.extensions?.code, testCase.code, error.message);
      assert.match(error.message, testCase.message);
      const countAfter = await ok<{ documentsTotalCount: number }>('{ documentsTotalCount }');
      assert.equal(countAfter.documentsTotalCount, countBefore.documentsTotalCount, 'nothing was written');
    });
  }
});
