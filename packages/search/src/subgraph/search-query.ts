import { InputError } from '@lattice/plugin-sdk';
import { z } from 'zod';
import { type DeclaredSearch, META, indexName } from '../layout/index-layout.js';

/** Longer search text is refused with a clear error: no one types more, and it bounds the engine's work. */
export const MAX_QUERY_LENGTH = 500;
const MAX_WORDS = 32;
export const MAX_PER_PAGE = 50;
const RESULT_WINDOW = 10_000;

export const searchArgumentsSchema = z.object({
  query: z.string(),
  types: z.array(z.string()).nullish(),
  page: z.number().int().nullish(),
  perPage: z.number().int().nullish(),
});
export type SearchArguments = z.infer<typeof searchArgumentsSchema>;

export interface PlannedSearch {
  /** The indexes the caller may read and asked for; empty: nothing to ask the engine. */
  indexes: string[];
  body: Record<string, unknown>;
  page: number;
  perPage: number;
  /** What the snippet is made of, per type. */
  snippetFields: Map<string, string[]>;
}

/**
 * The engine request for a search: one clause per declared type the caller may read (its permission among the
 * caller's) and asked for, each matching that type's fields with their weights, plus a filter on the records'
 * permission inside the query, so paging and totals only ever count what the caller may see.
 */
export function planSearch(args: SearchArguments, declared: readonly DeclaredSearch[], permissions: ReadonlySet<string>): PlannedSearch {
  const text = args.query.trim();
  if (text.length > MAX_QUERY_LENGTH) throw new InputError(`The search text is too long: ${text.length} characters, at most ${MAX_QUERY_LENGTH}`);
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length > MAX_WORDS) throw new InputError(`The search text has ${words.length} words, at most ${MAX_WORDS}`);
  const page = args.page ?? 1;
  const perPage = args.perPage ?? 10;
  if (page < 1) throw new InputError('page must be 1 or more');
  if (perPage < 1 || perPage > MAX_PER_PAGE) throw new InputError(`perPage must be between 1 and ${MAX_PER_PAGE}`);
  if (page * perPage > RESULT_WINDOW) throw new InputError(`Only the first ${RESULT_WINDOW} hits can be paged through; ask for a narrower search`);
  const wanted = args.types && args.types.length > 0 ? new Set(args.types) : undefined;
  const readable = declared.filter(({ declaration }) => permissions.has(declaration.permission) && (!wanted || wanted.has(declaration.type)));
  const snippetFields = new Map(readable.map(({ declaration }) => [declaration.type, [...(declaration.snippet ?? Object.keys(declaration.fields))]]));
  // Operators and punctuation mean nothing here: the engine gets the words only.
  const plain = words.join(' ');
  const body = {
    from: (page - 1) * perPage,
    size: perPage,
    query: {
      bool: {
        should: readable.map(({ declaration }) => ({
          bool: {
            filter: [{ term: { [META.type]: declaration.type } }],
            must: [
              {
                multi_match: {
                  query: plain,
                  fields: Object.entries(declaration.fields).map(([field, weight]) => `${field}^${weight}`),
                  type: 'bool_prefix',
                  operator: 'and',
                  fuzziness: 'AUTO',
                },
              },
            ],
          },
        })),
        minimum_should_match: 1,
        filter: [{ terms: { [META.permission]: [...permissions] } }],
      },
    },
    highlight: {
      fields: Object.fromEntries([...new Set([...snippetFields.values()].flat())].map((field) => [field, {}])),
      pre_tags: ['<mark>'],
      post_tags: ['</mark>'],
      encoder: 'html',
      fragment_size: 120,
      number_of_fragments: 1,
    },
    _source: [META.type, META.title, META.url],
  };
  return { indexes: plain === '' ? [] : readable.map(indexName), body, page, perPage, snippetFields };
}
