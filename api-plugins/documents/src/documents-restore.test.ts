import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
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

async function findDocument(id: string): Promise<DocumentResult | undefined> {
  const data = await ok<{ documents: DocumentResult[] }>(`{ documents { ${documentFields} } }`);
  return data.documents.find((document) => document._id === id);
}

async function typeIds(): Promise<string[]> {
  const data = await ok<{ documentTypes: Array<{ _id: string }> }>('{ documentTypes { _id } }');
  return data.documentTypes.map((type) => type._id);
}

const removeDocument = (id: string) => ok<{ documentsRemove: unknown }>('mutation ($id: String!) { documentsRemove(_id: $id) }', { id });
const removeType = (id: string) => ok<{ documentTypesRemove: unknown }>('mutation ($id: String!) { documentTypesRemove(_id: $id) }', { id });
const restoreDocument = (id: string) => platform.graphql<{ documentsRestore: DocumentResult }>(`mutation ($id: String!) { documentsRestore(_id: $id) { ${documentFields} } }`, { id });
const restoreType = (id: string) => platform.graphql<{ documentTypesRestore: { _id: string; name: string | null } }>('mutation ($id: String!) { documentTypesRestore(_id: $id) { _id name } }', { id });

describe('restoring removed documents and types', () => {
  it('puts a removed document back with its _id and every field; a second restore is NOT_FOUND', async () => {
    const typeId = await addType('Leases');
    const added = await addDocument({ name: 'Lease', expiryDate: '2031-02-28T00:00:00.000Z', checked: true, typeId, order: 3 });
    assert.deepEqual((await removeDocument(added._id)).documentsRemove, { _id: added._id, deletedCount: 1 }, 'the removal answers as before');
    assert.equal(await findDocument(added._id), undefined, 'removed means gone from every list');
    assert.equal((await ok<{ documentsTotalCount: number }>('{ documentsTotalCount(searchValue: "Lease") }')).documentsTotalCount, 0);

    const restored = await restoreDocument(added._id);
    assert.equal(restored.errors, undefined, JSON.stringify(restored.errors));
    assert.deepEqual(restored.data?.documentsRestore, added);
    assert.deepEqual(await findDocument(added._id), added);

    const again = await restoreDocument(added._id);
    assert.equal(again.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.equal(again.errors?.[0]?.message, 'No removed document to restore');
  });

  it('puts a removed type back and gives it back to exactly the documents its removal untyped', async () => {
    const typeId = await addType('Contracts');
    const otherTypeId = await addType('Invoices');
    const first = await addDocument({ name: 'Contract A', typeId });
    const second = await addDocument({ name: 'Contract B', typeId });
    const untyped = await addDocument({ name: 'Loose note' });

    assert.deepEqual((await removeType(typeId)).documentTypesRemove, { _id: typeId, deletedCount: 1, documentsUntyped: 2 }, 'the removal answers as before');
    assert.ok(!(await typeIds()).includes(typeId));
    assert.equal((await findDocument(first._id))?.typeId, null, 'SPEC.md: its documents stay, without a type');
    // Meanwhile someone files one of them under another type: that later choice stands.
    await ok('mutation ($id: String!, $typeId: String) { documentsEdit(_id: $id, typeId: $typeId) { _id } }', { id: second._id, typeId: otherTypeId });

    const restored = await restoreType(typeId);
    assert.equal(restored.errors, undefined, JSON.stringify(restored.errors));
    assert.deepEqual(restored.data?.documentTypesRestore, { _id: typeId, name: 'Contracts' });
    assert.ok((await typeIds()).includes(typeId));
    assert.deepEqual((await findDocument(first._id))?.currentType, { _id: typeId, name: 'Contracts' });
    assert.equal((await findDocument(second._id))?.typeId, otherTypeId);
    assert.equal((await findDocument(untyped._id))?.typeId, null, 'a document that had no type gets none');

    const again = await restoreType(typeId);
    assert.equal(again.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    assert.equal(again.errors?.[0]?.message, 'No removed type to restore');
  });

  it('a document removed before its type comes back untyped, and typed again once the type is restored', async () => {
    const typeId = await addType('Receipts');
    const receipt = await addDocument({ name: 'Receipt', typeId });
    await removeDocument(receipt._id);
    await removeType(typeId);

    const restored = await restoreDocument(receipt._id);
    assert.equal(restored.errors, undefined, JSON.stringify(restored.errors));
    assert.equal(restored.data?.documentsRestore.typeId, null, 'no document points at a type that is gone');
    assert.equal((await restoreType(typeId)).errors, undefined);
    assert.equal((await findDocument(receipt._id))?.typeId, typeId);
  });

  it('a document removed after its type gets the type back when both are restored', async () => {
    const typeId = await addType('Policies');
    const policy = await addDocument({ name: 'Policy', typeId });
    await removeType(typeId);
    await removeDocument(policy._id);

    assert.equal((await restoreType(typeId)).errors, undefined);
    assert.equal(await findDocument(policy._id), undefined, 'restoring the type does not restore the document');
    const restored = await restoreDocument(policy._id);
    assert.equal(restored.errors, undefined, JSON.stringify(restored.errors));
    assert.deepEqual(restored.data?.documentsRestore.currentType, { _id: typeId, name: 'Policies' });
  });

  it('refuses to restore what was never removed, and a malformed id', async () => {
    const kept = await addDocument({ name: 'Never removed' });
    const response = await restoreDocument(kept._id);
    assert.equal(response.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const typeResponse = await restoreType('0123456789abcdef01234567');
    assert.equal(typeResponse.errors?.[0]?.extensions?.code, 'NOT_FOUND');
    const malformed = await restoreDocument('not-an-id');
    assert.equal(malformed.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.deepEqual(await findDocument(kept._id), kept);
  });
});
