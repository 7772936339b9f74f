import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createGraphQLClient, logIn, startTestPlatform, waitFor, type GraphQLClient, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from './plugin.js';

let platform: TestPlatform;
let member: GraphQLClient;
let admin: GraphQLClient;

async function userClient(role: 'member' | 'admin'): Promise<GraphQLClient> {
  const email = `${role}-${randomBytes(3).toString('hex')}@lattice.test`;
  const password = `${role}-password-1`;
  const added = await platform.graphql('mutation ($email: String!, $password: String!, $role: UserRole!) { usersAdd(email: $email, password: $password, role: $role) { _id } }', {
    email,
    password,
    role,
  });
  assert.equal(added.errors, undefined, JSON.stringify(added.errors));
  const url = `${platform.gatewayUrl}/graphql`;
  return createGraphQLClient(url, { cookie: await logIn(url, { email, password }) });
}

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
  member = await userClient('member');
  admin = await userClient('admin');
});
after(async () => {
  await platform?.stop();
});

async function addType(client: GraphQLClient, name: string) {
  return client<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id } }', { name });
}

async function addDocument(client: GraphQLClient, name: string) {
  return client<{ documentsAdd: { _id: string } }>('mutation ($name: String) { documentsAdd(name: $name) { _id } }', { name });
}

function errorCode(response: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }): unknown {
  return response.errors?.[0]?.extensions?.code;
}

/** currentUser.permissions comes from the core's store of announcements, which arrive over the broker. */
async function permissionsOnceAnnounced(client: GraphQLClient): Promise<string[]> {
  return waitFor(
    async () => {
      const response = await client<{ currentUser: { permissions: string[] } }>('{ currentUser { permissions } }');
      assert.equal(response.errors, undefined, JSON.stringify(response.errors));
      return response.data!.currentUser.permissions;
    },
    (permissions) => permissions.some((name) => name.startsWith('document')),
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

describe('documents permissions', () => {
  it('announces its actions to the core: changes for owners and admins, reading for members too', async () => {
    const ownerPermissions = await permissionsOnceAnnounced(platform.graphql);
    assert.ok(ownerPermissions.includes('documents:manageDocuments'), ownerPermissions.join());
    assert.ok(ownerPermissions.includes('documents:manageDocumentTypes'), ownerPermissions.join());
    const adminPermissions = await permissionsOnceAnnounced(admin);
    assert.ok(adminPermissions.includes('documents:manageDocuments') && adminPermissions.includes('documents:manageDocumentTypes'), adminPermissions.join());
    const memberPermissions = (await member<{ currentUser: { permissions: string[] } }>('{ currentUser { permissions } }')).data!.currentUser.permissions;
    assert.deepEqual(
      memberPermissions.filter((name) => name.startsWith('documents:')),
      ['documents:showDocuments'],
    );
  });

  it('lets a member read documents and types', async () => {
    const typeId = (await addType(platform.graphql, 'Readable')).data!.documentTypesAdd._id;
    const documentId = (await addDocument(platform.graphql, 'Readable by all')).data!.documentsAdd._id;
    const response = await member<{ documents: Array<{ _id: string }>; documentTypes: Array<{ _id: string }> }>('{ documents { _id } documentTypes { _id } }');
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    assert.ok(response.data!.documents.some((document) => document._id === documentId));
    assert.ok(response.data!.documentTypes.some((type) => type._id === typeId));
  });

  it('refuses a member every change to documents and types with FORBIDDEN, changing nothing', async () => {
    const typeId = (await addType(platform.graphql, 'Kept')).data!.documentTypesAdd._id;
    const documentId = (await addDocument(platform.graphql, 'Kept document')).data!.documentsAdd._id;
    const attempts = [
      { query: 'mutation { documentsAdd(name: "By a member") { _id } }', permission: 'documents:manageDocuments' },
      { query: 'mutation ($id: String!) { documentsEdit(_id: $id, name: "Renamed", checked: true) { _id } }', permission: 'documents:manageDocuments' },
      { query: 'mutation ($id: String!) { documentsRemove(_id: $id) }', permission: 'documents:removeDocuments' },
      { query: 'mutation { documentTypesAdd(name: "By a member") { _id } }', permission: 'documents:manageDocumentTypes' },
      { query: 'mutation ($typeId: String!) { documentTypesEdit(_id: $typeId, name: "Renamed") { _id } }', permission: 'documents:manageDocumentTypes' },
      { query: 'mutation ($typeId: String!) { documentTypesRemove(_id: $typeId) }', permission: 'documents:manageDocumentTypes' },
      { query: 'mutation ($id: String!) { documentsRestore(_id: $id) { _id } }', permission: 'documents:removeDocuments' },
      { query: 'mutation ($typeId: String!) { documentTypesRestore(_id: $typeId) { _id } }', permission: 'documents:manageDocumentTypes' },
    ];
    for (const { query, permission } of attempts) {
      const response = await member(query, { id: documentId, typeId });
      assert.equal(errorCode(response), 'FORBIDDEN', `${query}: ${JSON.stringify(response.errors)}`);
      assert.match(response.errors![0]!.message, new RegExp(`"${permission}"`));
    }
    const after = await platform.graphql<{ documents: Array<{ _id: string; name: string; checked: boolean | null }>; documentTypes: Array<{ _id: string; name: string }> }>(
      '{ documents { _id name checked } documentTypes { _id name } }',
    );
    const kept = after.data!.documents.find((document) => document._id === documentId);
    assert.deepEqual({ name: kept?.name, checked: kept?.checked }, { name: 'Kept document', checked: null });
    assert.equal(after.data!.documents.some((document) => document.name === 'By a member'), false);
    assert.equal(after.data!.documentTypes.find((type) => type._id === typeId)?.name, 'Kept');
    assert.equal(after.data!.documentTypes.some((type) => type.name === 'By a member'), false);
  });

  it('lets an admin add, edit and remove documents and types', async () => {
    const typeId = (await addType(admin, 'By an admin')).data?.documentTypesAdd._id;
    assert.ok(typeId);
    const added = await addDocument(admin, 'Admin document');
    assert.equal(added.errors, undefined, JSON.stringify(added.errors));
    const documentId = added.data!.documentsAdd._id;
    const edited = await admin<{ documentsEdit: { checked: boolean } }>('mutation ($id: String!) { documentsEdit(_id: $id, checked: true) { checked } }', { id: documentId });
    assert.deepEqual(edited.data, { documentsEdit: { checked: true } }, JSON.stringify(edited.errors));
    const renamed = await admin<{ documentTypesEdit: { name: string } }>('mutation ($id: String!) { documentTypesEdit(_id: $id, name: "Renamed by an admin") { name } }', { id: typeId });
    assert.deepEqual(renamed.data, { documentTypesEdit: { name: 'Renamed by an admin' } }, JSON.stringify(renamed.errors));
    const removed = await admin('mutation ($id: String!) { documentsRemove(_id: $id) }', { id: documentId });
    assert.equal(removed.errors, undefined, JSON.stringify(removed.errors));
    const typeRemoved = await admin<{ documentTypesRemove: { deletedCount: number } }>('mutation ($id: String!) { documentTypesRemove(_id: $id) }', { id: typeId });
    assert.equal(typeRemoved.data?.documentTypesRemove.deletedCount, 1, JSON.stringify(typeRemoved.errors));
  });
});
