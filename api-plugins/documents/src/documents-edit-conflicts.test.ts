import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsTestClient } from './test-support/documents-test-client.js';
import { documentsPlugin } from './plugin.js';

let platform: TestPlatform;

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
});
after(async () => {
  await platform?.stop();
});

const { ok, addType } = documentsTestClient(() => platform);

interface Versioned {
  _id: string;
  name: string | null;
  updatedAt: string | null;
  expiryDate?: string | null;
}

const editDocument = `mutation ($id: String!, $name: String, $expiryDate: Date, $updatedAt: Date) {
  documentsEdit(_id: $id, name: $name, expiryDate: $expiryDate, updatedAt: $updatedAt) { _id name updatedAt expiryDate }
}`;

async function addVersioned(name: string): Promise<Versioned> {
  const data = await ok<{ documentsAdd: Versioned }>('mutation ($name: String) { documentsAdd(name: $name) { _id name updatedAt } }', { name });
  return data.documentsAdd;
}

async function stored(id: string): Promise<Versioned | undefined> {
  const data = await ok<{ documents: Versioned[] }>('{ documents { _id name updatedAt expiryDate } }');
  return data.documents.find((document) => document._id === id);
}

function errorCode(response: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }): unknown {
  return response.errors?.[0]?.extensions?.code;
}

describe('safe concurrent edits (updatedAt)', () => {
  it('an edit naming the updatedAt it read goes through; one naming an older version is refused with CONFLICT and stores nothing', async () => {
    const read = await addVersioned('Lease');
    assert.ok(read.updatedAt, 'a new document carries updatedAt');
    // Two tabs read the same version; the first saves.
    const first = await ok<{ documentsEdit: Versioned }>(editDocument, { id: read._id, name: 'Lease (tab 1)', updatedAt: read.updatedAt });
    assert.equal(first.documentsEdit.name, 'Lease (tab 1)');
    assert.notEqual(first.documentsEdit.updatedAt, read.updatedAt);
    // The second still holds the old version.
    const second = await platform.graphql(editDocument, { id: read._id, name: 'Lease (tab 2)', updatedAt: read.updatedAt });
    assert.equal(errorCode(second), 'CONFLICT');
    assert.match(String(second.errors?.[0]?.message), /changed this document/);
    assert.equal((await stored(read._id))?.name, 'Lease (tab 1)');
    // What the refused tab shows: the document as stored now, with the version to keep its own values on.
    const detail = 'query ($id: String!) { documentDetail(_id: $id) { _id name updatedAt } }';
    const now = await ok<{ documentDetail: Versioned }>(detail, { id: read._id });
    assert.deepEqual(now.documentDetail, { _id: read._id, name: 'Lease (tab 1)', updatedAt: first.documentsEdit.updatedAt });
    const kept = await ok<{ documentsEdit: Versioned }>(editDocument, { id: read._id, name: 'Lease (tab 2)', updatedAt: now.documentDetail.updatedAt });
    assert.equal(kept.documentsEdit.name, 'Lease (tab 2)');
    assert.equal(errorCode(await platform.graphql(detail, { id: '0123456789abcdef01234567' })), 'NOT_FOUND');
    // Without updatedAt the edit is not checked (API clients of before).
    const unchecked = await ok<{ documentsEdit: Versioned }>(editDocument, { id: read._id, name: 'Lease (API)' });
    assert.equal(unchecked.documentsEdit.name, 'Lease (API)');
  });

  it('documentTypesEdit refuses an older version with CONFLICT too', async () => {
    const typeId = await addType('Contracts');
    const read = (await ok<{ documentTypes: Versioned[] }>('{ documentTypes { _id name updatedAt } }')).documentTypes.find((type) => type._id === typeId)!;
    const edit = 'mutation ($id: String!, $name: String, $updatedAt: Date) { documentTypesEdit(_id: $id, name: $name, updatedAt: $updatedAt) { name updatedAt } }';
    await ok(edit, { id: typeId, name: 'Agreements', updatedAt: read.updatedAt });
    assert.equal(errorCode(await platform.graphql(edit, { id: typeId, name: 'Deals', updatedAt: read.updatedAt })), 'CONFLICT');
  });
});

describe('input rules: names and dates', () => {
  it('a name made only of spaces is BAD_USER_INPUT on add and edit; a name is stored trimmed', async () => {
    const added = await platform.graphql('mutation { documentsAdd(name: "   ") { _id } }');
    assert.equal(errorCode(added), 'BAD_USER_INPUT');
    assert.match(String(added.errors?.[0]?.message), /name must not be empty/);
    const document = await addVersioned('  Invoice  ');
    assert.equal(document.name, 'Invoice');
    assert.equal(errorCode(await platform.graphql(editDocument, { id: document._id, name: ' \t ' })), 'BAD_USER_INPUT');
    assert.equal(errorCode(await platform.graphql('mutation { documentTypesAdd(name: "  ") { _id } }')), 'BAD_USER_INPUT');
    assert.equal((await stored(document._id))?.name, 'Invoice');
  });

  it('31/02/2026 (2026-02-31) and 0001-01-01 are refused with a message, nothing stored', async () => {
    const document = await addVersioned('Permit');
    const february = await platform.graphql(editDocument, { id: document._id, expiryDate: '2026-02-31' });
    assert.ok(february.errors?.length, 'refused');
    assert.match(String(february.errors?.[0]?.message), /Date cannot represent "2026-02-31"/);
    const yearOne = await platform.graphql(editDocument, { id: document._id, expiryDate: '0001-01-01' });
    assert.equal(errorCode(yearOne), 'BAD_USER_INPUT');
    assert.match(String(yearOne.errors?.[0]?.message), /between the years 1900 and 9999/);
    assert.equal(errorCode(await platform.graphql('mutation { documentsAdd(name: "Old", expiryDate: "0001-01-01") { _id } }')), 'BAD_USER_INPUT');
    assert.equal((await stored(document._id))?.expiryDate, null);
    const fine = await ok<{ documentsEdit: Versioned }>(editDocument, { id: document._id, expiryDate: '2028-02-29' });
    assert.equal(fine.documentsEdit.expiryDate, '2028-02-29T00:00:00.000Z');
  });
});
