import assert from 'node:assert/strict';
import type { TestPlatform } from '@lattice/platform/test-kit';

/** A document as the tests ask for it through the gateway. */
export interface DocumentResult {
  _id: string;
  name: string | null;
  createdAt: string | null;
  expiryDate: string | null;
  checked: boolean | null;
  typeId: string | null;
  order: number | null;
  currentType: { _id: string; name: string | null } | null;
}

export const documentFields = '_id name createdAt expiryDate checked typeId order currentType { _id name }';

/**
 * The documents API as the tests use it, on the platform `platform()` gives (started in the test file's
 * `before`): every call fails the test on a GraphQL error.
 */
export function documentsTestClient(platform: () => TestPlatform) {
  async function ok<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const response = await platform().graphql<T>(query, variables);
    assert.equal(response.errors, undefined, JSON.stringify(response.errors));
    return response.data as T;
  }

  async function addType(name: string): Promise<string> {
    const data = await ok<{ documentTypesAdd: { _id: string } }>('mutation ($name: String) { documentTypesAdd(name: $name) { _id name } }', { name });
    return data.documentTypesAdd._id;
  }

  async function addDocument(fields: Record<string, unknown>): Promise<DocumentResult> {
    const data = await ok<{ documentsAdd: DocumentResult }>(
      `mutation ($name: String, $expiryDate: Date, $checked: Boolean, $typeId: String, $order: Float) {
        documentsAdd(name: $name, expiryDate: $expiryDate, checked: $checked, typeId: $typeId, order: $order) { ${documentFields} }
      }`,
      fields,
    );
    return data.documentsAdd;
  }

  return { ok, addType, addDocument };
}
