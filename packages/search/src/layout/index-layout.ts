import { createHash } from 'node:crypto';
import { type SearchDeclaration, searchHitUrl } from '@lattice/plugin-sdk';
import type { SearchSource } from '../client/search-client.js';

/** A plugin's declaration, as the platform hands it to the synchroniser and the search subgraph. */
export interface DeclaredSearch {
  plugin: string;
  /** The plugin's database (configs.json `db_name`, else its name). */
  dbName: string;
  declaration: SearchDeclaration;
}

/** Every index of a declaration starts with this, so one pattern searches them all. */
export const INDEX_PREFIX = 'lattice-search-';
/** Where the synchroniser keeps, per index, the declaration it was built from and its resume token. */
export const STATE_INDEX = 'lattice-essyncer-state';
/** Bump when the record layout below changes: every index is then rebuilt. */
const LAYOUT_VERSION = 1;

/** Fields every record carries besides the declared ones (prefixed, so a declared field cannot clash). */
export const META = { type: 'lattice_type', permission: 'lattice_permission', title: 'lattice_title', url: 'lattice_url' } as const;

export function indexName(search: Pick<DeclaredSearch, 'plugin' | 'declaration'>): string {
  return `${INDEX_PREFIX}${search.plugin}-${search.declaration.type}`;
}

/** The declaration's fingerprint: an index built from another one is rebuilt. */
export function declarationHash(search: Pick<DeclaredSearch, 'plugin' | 'declaration'>): string {
  return createHash('sha256').update(JSON.stringify({ LAYOUT_VERSION, plugin: search.plugin, declaration: search.declaration })).digest('hex');
}

export function indexMappings(declaration: SearchDeclaration): Record<string, unknown> {
  const properties: Record<string, { type: string }> = {
    [META.type]: { type: 'keyword' },
    [META.permission]: { type: 'keyword' },
  };
  for (const field of Object.keys(declaration.fields)) properties[field] = { type: 'text' };
  // Titles and URLs are shown, not searched: a real engine must not map them (dynamic: false).
  return { dynamic: false, properties };
}

function asText(value: unknown): string | string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : String(value);
}

/** What the index holds for one stored record. */
export function indexRecord(declaration: SearchDeclaration, doc: Readonly<Record<string, unknown>>): SearchSource {
  const plain: Record<string, unknown> = { ...doc, _id: String(doc._id) };
  const record: SearchSource = {};
  for (const field of Object.keys(declaration.fields)) {
    const text = asText(plain[field]);
    if (text !== undefined) record[field] = text;
  }
  const titled = declaration.title.map((field) => asText(plain[field])).flat().filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  const fallback = Object.keys(declaration.fields).map((field) => asText(plain[field])).flat().find((part) => typeof part === 'string' && part.trim() !== '');
  record[META.type] = declaration.type;
  record[META.permission] = declaration.permission;
  record[META.title] = titled.length > 0 ? titled.join(' ') : (fallback ?? '');
  record[META.url] = searchHitUrl(declaration, plain);
  return record;
}
