import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestPlatform, type TestPlatform } from '@lattice/platform/test-kit';
import { documentsPlugin } from './plugin.js';

// documents(typeId, page, perPage, searchValue, sortField, sortDirection) and the matching count.
let platform: TestPlatform;
let invoices: string;

async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await platform.graphql<T>(query, variables);
  assert.equal(response.errors, undefined, JSON.stringify(response.errors));
  return response.data as T;
}

async function names(variables: Record<string, unknown>): Promise<string[]> {
  const data = await ok<{ documents: Array<{ name: string }> }>(
    `query ($typeId: String, $page: Int, $perPage: Int, $searchValue: String, $sortField: String, $sortDirection: String) {
      documents(typeId: $typeId, page: $page, perPage: $perPage, searchValue: $searchValue, sortField: $sortField, sortDirection: $sortDirection) { name }
    }`,
    variables,
  );
  return data.documents.map((document) => document.name);
}

async function count(variables: Record<string, unknown> = {}): Promise<number> {
  const data = await ok<{ documentsTotalCount: number }>(
    'query ($typeId: String, $searchValue: String) { documentsTotalCount(typeId: $typeId, searchValue: $searchValue) }',
    variables,
  );
  return data.documentsTotalCount;
}

before(async () => {
  platform = await startTestPlatform({ plugins: [documentsPlugin] });
  const type = await ok<{ documentTypesAdd: { _id: string } }>('mutation { documentTypesAdd(name: "Invoices") { _id } }');
  invoices = type.documentTypesAdd._id;
  // 25 documents: "Doc 01".."Doc 25", every fifth an invoice, expiry dates running backwards.
  for (let index = 1; index <= 25; index += 1) {
    const name = `Doc ${String(index).padStart(2, '0')}`;
    await ok(
      'mutation ($name: String, $typeId: String, $expiryDate: Date) { documentsAdd(name: $name, typeId: $typeId, expiryDate: $expiryDate) { _id } }',
      { name, typeId: index % 5 === 0 ? invoices : null, expiryDate: new Date(Date.UTC(2030, 0, 30 - index)).toISOString() },
    );
  }
  await ok('mutation { documentsAdd(name: "Lease (a+b)*") { _id } }');
});
after(async () => {
  await platform?.stop();
});

describe('documents paging, search and sort', () => {
  it('without the new arguments still returns every document (SPEC.md)', async () => {
    assert.equal((await names({})).length, 26);
    assert.equal(await count(), 26);
  });

  it('pages with perPage, page 1 by default, never overlapping', async () => {
    const first = await names({ perPage: 10 });
    const second = await names({ page: 2, perPage: 10 });
    const third = await names({ page: 3, perPage: 10 });
    assert.equal(first.length, 10);
    assert.equal(second.length, 10);
    assert.equal(third.length, 6);
    assert.equal(new Set([...first, ...second, ...third]).size, 26, 'no document twice, none skipped');
    assert.deepEqual(await names({ page: 9, perPage: 10 }), [], 'a page past the end is empty');
    assert.equal((await names({ page: 1 })).length, 20, '20 per page by default');
  });

  it('searches names case-insensitively and literally, and counts what it finds', async () => {
    assert.deepEqual(await names({ searchValue: 'doc 1', sortField: 'name' }), [
      'Doc 10', 'Doc 11', 'Doc 12', 'Doc 13', 'Doc 14', 'Doc 15', 'Doc 16', 'Doc 17', 'Doc 18', 'Doc 19',
    ]);
    assert.equal(await count({ searchValue: 'doc 1' }), 10);
    assert.deepEqual(await names({ searchValue: '(a+b)*' }), ['Lease (a+b)*'], 'regular-expression characters match themselves');
    assert.deepEqual(await names({ searchValue: '.*' }), []);
    assert.equal(await count({ typeId: invoices }), 5);
    assert.equal(await count({ typeId: invoices, searchValue: '2' }), 2, 'Doc 20 and Doc 25');
    assert.deepEqual(await names({ typeId: invoices, searchValue: '2', sortField: 'name', sortDirection: 'desc' }), ['Doc 25', 'Doc 20']);
  });

  it('sorts by a field in either direction', async () => {
    const byName = await names({ sortField: 'name', perPage: 3 });
    assert.deepEqual(byName, ['Doc 01', 'Doc 02', 'Doc 03']);
    assert.deepEqual(await names({ sortField: 'name', sortDirection: 'desc', perPage: 2 }), ['Lease (a+b)*', 'Doc 25']);
    // Expiry dates run backwards from Doc 01, and the lease has none (missing sorts first ascending).
    assert.deepEqual(await names({ sortField: 'expiryDate', perPage: 3 }), ['Lease (a+b)*', 'Doc 25', 'Doc 24']);
    assert.deepEqual(await names({ sortField: 'expiryDate', sortDirection: 'desc', perPage: 2 }), ['Doc 01', 'Doc 02']);
  });
});

describe('documents paging arguments refused with a clear message', () => {
  const cases: Array<{ variables: Record<string, unknown>; message: RegExp }> = [
    { variables: { perPage: 0 }, message: /perPage must be between 1 and 200/ },
    { variables: { perPage: 201 }, message: /perPage must be between 1 and 200/ },
    { variables: { page: 0 }, message: /page must be 1 or more/ },
    { variables: { sortField: 'password' }, message: /sortField must be one of name, createdAt, expiryDate, checked, order/ },
    { variables: { sortDirection: 'up' }, message: /sortDirection must be asc or desc/ },
    { variables: { searchValue: 'x'.repeat(201) }, message: /searchValue must be at most 200 characters/ },
  ];
  for (const { variables, message } of cases) {
    it(`refuses ${JSON.stringify(variables).slice(0, 60)}`, async () => {
      const response = await platform.graphql(
        'query ($page: Int, $perPage: Int, $searchValue: String, $sortField: String, $sortDirection: String) { documents(page: $page, perPage: $perPage, searchValue: $searchValue, sortField: $sortField, sortDirection: $sortDirection) { _id } }',
        variables,
      );
      const error = response.errors?.[0];
      assert.equal(error?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(response.errors));
      assert.match(error?.message ?? '', message);
    });
  }
});
