import type { GraphQLClient } from '@lattice/platform/test-kit';

/** Document types by how many documents each holds; 5,000 documents in all. */
export const SIZES = { ten: 10, fifty: 50, hundred: 100, thousand: 1_000, rest: 3_840 } as const;
export type SizeName = keyof typeof SIZES;

// The query limits allow 100 aliases per operation.
const PER_REQUEST = 100;

/** Adds the types and their documents through the gateway; returns each type's id. */
export async function seedDocuments(graphql: GraphQLClient): Promise<Record<SizeName, string>> {
  const ids = {} as Record<SizeName, string>;
  for (const name of Object.keys(SIZES) as SizeName[]) {
    const added = await graphql<{ documentTypesAdd: { _id: string } }>(`mutation { documentTypesAdd(name: "${name}") { _id } }`);
    if (!added.data) throw new Error(`could not add type ${name}: ${JSON.stringify(added.errors)}`);
    ids[name] = added.data.documentTypesAdd._id;
  }
  for (const name of Object.keys(SIZES) as SizeName[]) {
    for (let first = 0; first < SIZES[name]; first += PER_REQUEST) {
      const count = Math.min(PER_REQUEST, SIZES[name] - first);
      const fields = Array.from(
        { length: count },
        (_unused, index) =>
          `d${index}: documentsAdd(name: "${name} ${String(first + index).padStart(4, '0')}", typeId: "${ids[name]}", checked: true, expiryDate: "2030-01-01") { _id }`,
      );
      const added = await graphql(`mutation { ${fields.join(' ')} }`);
      if (added.errors) throw new Error(`could not add documents: ${JSON.stringify(added.errors).slice(0, 300)}`);
    }
  }
  return ids;
}
