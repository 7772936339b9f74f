import { z } from 'zod';

/**
 * What a plugin makes searchable: the records of one of its collections, as hits of one type. The search
 * synchroniser (essyncer) keeps an index of each declaration in step with the collection; the `search` query
 * returns its hits to users who have `permission`.
 */
export interface SearchDeclaration {
  /** The hit's type, as hits show it and the `types` argument of `search` names it (for example `document`). */
  type: string;
  /** The plugin's collection holding the records (in the plugin's own database). */
  collection: string;
  /** The searched fields (top-level; a list of strings is searched as text) with their weights (1 = plain). */
  fields: Readonly<Record<string, number>>;
  /** The fields whose values, joined with spaces, make a hit's title (the first searched field when they are empty). */
  title: readonly string[];
  /** The fields a hit's highlighted snippet may come from (default: every searched field). */
  snippet?: readonly string[];
  /** The permission (`plugin:action`) a user needs to see these hits, for example `documents:showDocuments`. */
  permission: string;
  /** Where a hit opens in the UI; `{field}` is replaced by the record's value (URL-encoded), e.g. `/documents/?document={_id}`. */
  url: string;
}

const fieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a top-level field name');

export const searchDeclarationSchema = z
  .object({
    type: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
    collection: z.string().min(1),
    fields: z.record(fieldName, z.number().positive().max(100)).refine((fields) => Object.keys(fields).length > 0, 'must name at least one field'),
    title: z.array(fieldName).min(1),
    snippet: z.array(fieldName).optional(),
    permission: z.string().regex(/^[a-z][a-z0-9-]*:[A-Za-z][A-Za-z0-9.]*$/, "must be a permission 'plugin:action'"),
    url: z.string().regex(/^\//, 'must be a path starting with "/"'),
  })
  .refine((declaration) => (declaration.snippet ?? []).every((field) => field in declaration.fields), 'snippet must list searched fields');

export const searchDeclarationsSchema = z
  .array(searchDeclarationSchema)
  .refine((declarations) => new Set(declarations.map((d) => d.type)).size === declarations.length, 'declares one type twice');

/** The hit's URL for a record: each `{field}` replaced by that field's value, URL-encoded. */
export function searchHitUrl(declaration: Pick<SearchDeclaration, 'url'>, record: Readonly<Record<string, unknown>>): string {
  return declaration.url.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, field: string) => encodeURIComponent(String(record[field] ?? '')));
}
