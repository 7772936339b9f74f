import MiniSearch, { type SearchResult } from 'minisearch';
import { analyzeWord, tokenize } from '../analysis/analyzer.js';
import { EngineError } from '../errors.js';
import { type Mappings, textFields } from './mappings.js';

/** As OpenSearch's `indices.query.bool.max_clause_count`. */
const MAX_QUERY_WORDS = 1024;

export type Source = Record<string, unknown>;

/** A text value as the analyzer reads it: strings joined, anything else as its text. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(fieldText).join(' \n ');
  return typeof value === 'string' ? value : String(value);
}

export interface TextQuery {
  text: string;
  /** Fields with their boost; all text fields when empty. */
  fields: Record<string, number>;
  operator: 'and' | 'or';
  fuzzy: boolean;
  /** Match the last word as a prefix (search as you type). */
  prefixLast: boolean;
}

/** One index: its documents by id (their `_source`) and a MiniSearch inverted index over its text fields. */
export class SearchIndex {
  readonly docs = new Map<string, Source>();
  readonly #text: MiniSearch;
  readonly #textFields: string[];

  constructor(
    readonly name: string,
    readonly mappings: Mappings,
    readonly createdAt = Date.now(),
  ) {
    this.#textFields = textFields(mappings);
    this.#text = new MiniSearch({
      fields: this.#textFields.length > 0 ? this.#textFields : ['_none'],
      idField: '_id',
      tokenize,
      processTerm: analyzeWord,
      extractField: (doc, field) => (field === '_id' ? (doc as { _id: string })._id : fieldText((doc as Source)[field])),
    });
  }

  get textFieldNames(): string[] {
    return this.#textFields;
  }

  /** Adds or replaces a document; answers whether it existed. */
  put(id: string, source: Source): boolean {
    const existed = this.docs.has(id);
    if (existed) this.#text.discard(id);
    this.docs.set(id, source);
    this.#text.add({ ...source, _id: id });
    return existed;
  }

  remove(id: string): boolean {
    if (!this.docs.delete(id)) return false;
    this.#text.discard(id);
    return true;
  }

  /** Documents matching the text, with their scores and the index terms that matched. */
  searchText(query: TextQuery): SearchResult[] {
    const fields = Object.keys(query.fields).filter((field) => this.#textFields.includes(field));
    const searched = fields.length > 0 ? fields : this.#textFields;
    if (searched.length === 0) return [];
    const words = tokenize(query.text);
    if (words.length > MAX_QUERY_WORDS) throw new EngineError(400, 'too_many_clauses', `the query has ${words.length} words; at most ${MAX_QUERY_WORDS} are allowed (maxClauseCount)`);
    const lastTerms = new Set(query.prefixLast && words.length > 0 ? analyzeWord(words.at(-1) as string) : []);
    return this.#text.search(words.join(' '), {
      fields: searched,
      boost: query.fields,
      combineWith: query.operator === 'and' ? 'AND' : 'OR',
      prefix: (term) => lastTerms.has(term),
      fuzzy: (term) => (query.fuzzy && term.length > 3 ? (term.length > 7 ? 2 : 1) : false),
      maxFuzzy: 2,
      processTerm: analyzeWord,
    });
  }
}
