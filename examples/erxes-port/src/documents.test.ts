import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { documentFindQueue, documentSendQueue } from '@lattice/contracts';
import { startTestPlatform, waitFor, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from './documents/plugin.js';

// SPEC.md "Document plugin: GraphQL queries / mutations", "Queues consumed" (document:*) and "Errors",
// against erxes's sample document plugin as ported in src/documents.

let platform: TestPlatform;

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

interface Doc {
  _id: string;
  name: string | null;
  createdAt: string | null;
  expiryDate: string | null;
  checked: boolean | null;
  typeId: string | null;
  currentType: { _id: string; name: string | null } | null;
}
const docFields = '_id name createdAt expiryDate checked typeId currentType { _id name }';

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
});
after(async () => {
  await platform?.stop();
});

describe('the ported sample document plugin', () => {
  let contractsType: string;
  let contract: Doc;

  it('adds types and documents; documents of one type, by name; the total counts every type', async () => {
    const started = Date.now();
    contractsType = (await ok<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Contracts") { _id name } }')).documentTypesAdd._id;
    const { documentTypesAdd: memos } = await ok<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Memos") { _id } }');
    const add = (variables: Record<string, unknown>) =>
      ok<{ documentsAdd: Doc }>(
        `mutation ($name: String, $expiryDate: Date, $checked: Boolean, $typeId: String) {
           documentsAdd(name: $name, expiryDate: $expiryDate, checked: $checked, typeId: $typeId) { ${docFields} } }`,
        variables,
      );
    contract = (await add({ name: 'Lease', expiryDate: '2027-01-31T00:00:00.000Z', checked: false, typeId: contractsType })).documentsAdd;
    await add({ name: 'Insurance', typeId: contractsType });
    await add({ name: 'Agenda', typeId: memos._id });

    assert.equal(contract.name, 'Lease');
    assert.equal(contract.expiryDate, '2027-01-31T00:00:00.000Z');
    assert.equal(contract.checked, false);
    assert.deepEqual(contract.currentType, { _id: contractsType, name: 'Contracts' });
    assert.ok(Date.parse(contract.createdAt ?? '') >= started - 1_000, 'createdAt is the time of creation');

    const ofType = await ok<{ documents: Doc[] }>(`query ($typeId: String) { documents(typeId: $typeId) { name } }`, { typeId: contractsType });
    assert.deepEqual(ofType.documents.map((document) => document.name), ['Insurance', 'Lease']);
    const all = await ok<{ documents: Doc[] }>(`{ documents(typeId: "") { name } }`);
    assert.deepEqual(all.documents.map((document) => document.name), ['Agenda', 'Insurance', 'Lease']);
    const counted = await ok<{ documentsTotalCount: number; documentTypes: Array<{ name: string }> }>('{ documentsTotalCount documentTypes { name } }');
    assert.equal(counted.documentsTotalCount, 3);
    assert.deepEqual(counted.documentTypes.map((type) => type.name), ['Contracts', 'Memos']);
  });

  it('edits the fields given and keeps the others; renames a type', async () => {
    const { documentsEdit } = await ok<{ documentsEdit: Doc }>(`mutation ($_id: String!) { documentsEdit(_id: $_id, checked: true) { ${docFields} } }`, { _id: contract._id });
    assert.equal(documentsEdit.checked, true);
    assert.equal(documentsEdit.name, 'Lease');
    assert.equal(documentsEdit.expiryDate, '2027-01-31T00:00:00.000Z');
    const { documentTypesEdit } = await ok<{ documentTypesEdit: { name: string } }>(`mutation ($_id: String!) { documentTypesEdit(_id: $_id, name: "Agreements") { name } }`, { _id: contractsType });
    assert.equal(documentTypesEdit.name, 'Agreements');
    const { documents } = await ok<{ documents: Doc[] }>(`query ($typeId: String) { documents(typeId: $typeId) { name currentType { name } } }`, { typeId: contractsType });
    assert.deepEqual(documents.map((document) => document.currentType?.name), ['Agreements', 'Agreements']);
  });

  it('answers "Document not found" and "Type not found", and stores nothing pointing at a missing type', async () => {
    const missing = '0123456789abcdef01234567';
    const cases: Array<[string, string]> = [
      [`mutation { documentsEdit(_id: "${missing}", name: "x") { _id } }`, 'Document not found'],
      [`mutation { documentsRemove(_id: "not-an-id") }`, 'Document not found'],
      [`mutation { documentTypesEdit(_id: "${missing}", name: "x") { _id } }`, 'Type not found'],
      [`mutation { documentsAdd(name: "Orphan", typeId: "${missing}") { _id } }`, 'Type not found'],
    ];
    for (const [query, message] of cases) {
      const response = await platform.graphql(query);
      assert.equal(response.errors?.[0]?.message, message, query);
      assert.equal(response.errors?.[0]?.extensions?.code, 'NOT_FOUND', query);
    }
    assert.equal((await ok<{ documentsTotalCount: number }>('{ documentsTotalCount }')).documentsTotalCount, 3);
  });

  it('removes a document; refuses to remove a type still in use, then removes it once unused', async () => {
    const { documents } = await ok<{ documents: Doc[] }>(`query ($typeId: String) { documents(typeId: $typeId) { _id } }`, { typeId: contractsType });
    const inUse = await platform.graphql(`mutation ($_id: String!) { documentTypesRemove(_id: $_id) }`, { _id: contractsType });
    assert.equal(inUse.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT');
    assert.match(inUse.errors?.[0]?.message ?? '', /used by 2 document/);
    for (const { _id } of documents) await ok(`mutation ($_id: String!) { documentsRemove(_id: $_id) }`, { _id });
    await ok(`mutation ($_id: String!) { documentTypesRemove(_id: $_id) }`, { _id: contractsType });
    const left = await ok<{ documentsTotalCount: number; documentTypes: Array<{ name: string }> }>('{ documentsTotalCount documentTypes { name } }');
    assert.equal(left.documentsTotalCount, 1);
    assert.deepEqual(left.documentTypes.map((type) => type.name), ['Memos']);
  });

  it('document:send creates a document and document:find answers them all, over the broker', async () => {
    await platform.broker.sendMessage(documentSendQueue.name, { name: 'From the queue', checked: true });
    const count = await waitFor(
      async () => (await ok<{ documentsTotalCount: number }>('{ documentsTotalCount }')).documentsTotalCount,
      (total) => total === 2,
      { timeoutMs: 20_000 },
    );
    assert.equal(count, 2);
    const found = documentFindQueue.reply.parse(await platform.broker.sendRPCMessage(documentFindQueue.name, {}, { timeoutMs: 20_000 }));
    assert.deepEqual(found.map((document) => [document.name, document.checked ?? null]), [['Agenda', null], ['From the queue', true]]);
  });

  it('answers only a logged-in user', async () => {
    const response = await platform.anonymousGraphql('{ documents { _id } }');
    assert.equal(response.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
  });
});
