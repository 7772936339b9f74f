import { EngineError, badRequest, indexNotFound, parsingError } from './errors.js';
import { type Mappings, readMappings } from './indexes/mappings.js';
import { type Source, SearchIndex, fieldText } from './indexes/search-index.js';
import { type Match, QueryEvaluator, termsByField } from './query/evaluate-query.js';
import { type HighlightOptions, highlightText } from './query/highlight.js';
import { EngineJournal, type JournalEntry } from './storage/engine-journal.js';

const MAX_RESULT_WINDOW = 10_000;
const INDEX_NAME = /^[a-z0-9][a-z0-9_.+-]{0,254}$/;
const COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

export interface BulkAction {
  action: 'index' | 'create' | 'update' | 'delete';
  index: string;
  id: string;
  source?: Source;
}

export interface BulkItemResult {
  action: BulkAction['action'];
  index: string;
  id: string;
  status: number;
  result?: 'created' | 'updated' | 'deleted' | 'not_found';
  error?: { type: string; reason: string };
}

export interface SearchRequest {
  query?: Record<string, unknown>;
  from?: number;
  size?: number;
  highlight?: { fields?: Record<string, unknown> | Array<Record<string, unknown>>; pre_tags?: string[]; post_tags?: string[]; encoder?: string; fragment_size?: number; number_of_fragments?: number };
  _source?: boolean | string[];
}

export interface SearchHit {
  _index: string;
  _id: string;
  _score: number;
  _source?: Source;
  highlight?: Record<string, string[]>;
}

/** The indexes, their documents and (with a data folder) their journal: what the REST routes call. */
export class SearchEngine {
  readonly #indexes = new Map<string, SearchIndex>();
  #journal: EngineJournal | undefined;

  static open(dataDir?: string): SearchEngine {
    const engine = new SearchEngine();
    if (!dataDir) return engine;
    const { journal, snapshot, entries } = EngineJournal.open(dataDir);
    for (const stored of snapshot?.indexes ?? []) {
      const index = new SearchIndex(stored.name, stored.mappings);
      for (const [id, source] of stored.docs) index.put(id, source);
      engine.#indexes.set(stored.name, index);
    }
    for (const entry of entries) engine.#apply(entry);
    engine.#journal = journal;
    return engine;
  }

  close(): void {
    this.#journal?.close();
    this.#journal = undefined;
  }

  indexNames(): string[] {
    return [...this.#indexes.keys()].sort();
  }

  getIndex(name: string): SearchIndex {
    const index = this.#indexes.get(name);
    if (!index) throw indexNotFound(name);
    return index;
  }

  hasIndex(name: string): boolean {
    return this.#indexes.has(name);
  }

  createIndex(name: string, body: unknown): void {
    if (!INDEX_NAME.test(name)) throw new EngineError(400, 'invalid_index_name_exception', `Invalid index name [${name}], must be lowercase and start with a letter or digit`);
    if (this.#indexes.has(name)) throw new EngineError(400, 'resource_already_exists_exception', `index [${name}] already exists`);
    this.#record({ op: 'create', index: name, mappings: readMappings(body) });
  }

  deleteIndex(pattern: string): void {
    for (const name of this.resolve(pattern)) this.#record({ op: 'drop', index: name });
  }

  /** Applies a bulk request: every item answers for itself, and the whole request is journalled as one line. */
  bulk(actions: BulkAction[]): BulkItemResult[] {
    const results: BulkItemResult[] = [];
    const items: Array<{ index: string; id: string; source?: Source }> = [];
    // What each id holds once the earlier items of this request are applied.
    const pending = new Map<string, Source | null>();
    const current = (index: SearchIndex, id: string): Source | undefined => {
      const key = `${index.name}\u0000${id}`;
      return pending.has(key) ? (pending.get(key) ?? undefined) : index.docs.get(id);
    };
    for (const item of actions) {
      const index = this.#indexes.get(item.index);
      if (!index) {
        results.push({ action: item.action, index: item.index, id: item.id, status: 404, error: { type: 'index_not_found_exception', reason: `no such index [${item.index}]` } });
        continue;
      }
      const existing = current(index, item.id);
      const key = `${index.name}\u0000${item.id}`;
      if (item.action === 'delete') {
        results.push({ action: 'delete', index: index.name, id: item.id, status: existing ? 200 : 404, result: existing ? 'deleted' : 'not_found' });
        if (existing) {
          pending.set(key, null);
          items.push({ index: index.name, id: item.id });
        }
        continue;
      }
      if (item.action === 'create' && existing) {
        results.push({ action: 'create', index: index.name, id: item.id, status: 409, error: { type: 'version_conflict_engine_exception', reason: `[${item.id}]: version conflict, document already exists` } });
        continue;
      }
      if (item.action === 'update' && !existing) {
        results.push({ action: 'update', index: index.name, id: item.id, status: 404, error: { type: 'document_missing_exception', reason: `[${item.id}]: document missing` } });
        continue;
      }
      const source = item.action === 'update' ? { ...existing, ...item.source } : (item.source ?? {});
      pending.set(key, source);
      items.push({ index: index.name, id: item.id, source });
      results.push({ action: item.action, index: index.name, id: item.id, status: existing ? 200 : 201, result: existing ? 'updated' : 'created' });
    }
    if (items.length > 0) this.#record({ op: 'write', items });
    return results;
  }

  /** The index names a path names: a list, with `*` wildcards, `_all`; a missing plain name is an error. */
  resolve(pattern: string): string[] {
    const names = new Set<string>();
    for (const part of pattern.split(',')) {
      if (part === '_all' || part === '*') {
        for (const name of this.#indexes.keys()) names.add(name);
      } else if (part.includes('*')) {
        const test = new RegExp(`^${part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
        for (const name of this.#indexes.keys()) if (test.test(name)) names.add(name);
      } else {
        if (!this.#indexes.has(part)) throw indexNotFound(part);
        names.add(part);
      }
    }
    return [...names];
  }

  /** Like `resolve`, but a missing name is no error (HEAD asks whether it exists). */
  resolveOrEmpty(pattern: string): string[] {
    try {
      return this.resolve(pattern);
    } catch {
      return [];
    }
  }

  search(pattern: string, request: SearchRequest): { total: number; maxScore: number | null; hits: SearchHit[] } {
    const from = nonNegative(request.from, 'from', 0);
    const size = nonNegative(request.size, 'size', 10);
    if (from + size > MAX_RESULT_WINDOW) throw badRequest(`Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]`);
    const found: Array<{ index: SearchIndex; id: string; score: number; match: Match }> = [];
    for (const name of this.resolve(pattern)) {
      const index = this.getIndex(name);
      const matches = new QueryEvaluator(index).matches(request.query ?? { match_all: {} });
      for (const [id, match] of matches) found.push({ index, id, score: match.score, match });
    }
    found.sort((a, b) => b.score - a.score || (a.index.name < b.index.name ? -1 : a.index.name > b.index.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const highlight = highlightOptions(request.highlight);
    const hits = found.slice(from, from + size).map(({ index, id, score, match }): SearchHit => {
      const source = index.docs.get(id) ?? {};
      const hit: SearchHit = { _index: index.name, _id: id, _score: score };
      if (request._source !== false) hit._source = Array.isArray(request._source) ? pick(source, request._source) : source;
      if (highlight) {
        const terms = termsByField(match);
        const fields: Record<string, string[]> = {};
        for (const field of highlight.fields === '*' ? index.textFieldNames : highlight.fields) {
          const matched = terms.get(field);
          if (!matched) continue;
          const fragments = highlightText(fieldText(source[field]), matched, highlight.options);
          if (fragments.length > 0) fields[field] = fragments;
        }
        if (Object.keys(fields).length > 0) hit.highlight = fields;
      }
      return hit;
    });
    return { total: found.length, maxScore: found[0]?.score ?? null, hits };
  }

  count(pattern: string, query: Record<string, unknown> | undefined): number {
    let total = 0;
    for (const name of this.resolve(pattern)) total += new QueryEvaluator(this.getIndex(name)).matches(query ?? { match_all: {} }).size;
    return total;
  }

  #record(entry: JournalEntry): void {
    this.#apply(entry);
    this.#journal?.append(entry);
    if (this.#journal && this.#journal.bytes > COMPACT_AFTER_BYTES) this.#compact();
  }

  #apply(entry: JournalEntry): void {
    if (entry.op === 'create') {
      if (!this.#indexes.has(entry.index)) this.#indexes.set(entry.index, new SearchIndex(entry.index, entry.mappings));
    } else if (entry.op === 'drop') {
      this.#indexes.delete(entry.index);
    } else {
      for (const item of entry.items) {
        const index = this.#indexes.get(item.index);
        if (!index) continue;
        if (item.source) index.put(item.id, item.source);
        else index.remove(item.id);
      }
    }
  }

  #compact(): void {
    this.#journal?.compact({
      indexes: [...this.#indexes.values()].map((index) => ({ name: index.name, mappings: index.mappings, docs: [...index.docs.entries()] })),
    });
  }

  mappingsOf(name: string): Mappings {
    return this.getIndex(name).mappings;
  }
}

function nonNegative(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) throw parsingError(`[${name}] must be a non-negative integer`);
  return number;
}

function pick(source: Source, fields: string[]): Source {
  return Object.fromEntries(fields.filter((field) => field in source).map((field) => [field, source[field]]));
}

function highlightOptions(spec: SearchRequest['highlight']): { fields: string[] | '*'; options: HighlightOptions } | undefined {
  if (!spec) return undefined;
  const names = Array.isArray(spec.fields) ? spec.fields.flatMap((entry) => Object.keys(entry)) : Object.keys(spec.fields ?? {});
  return {
    fields: names.includes('*') ? '*' : names,
    options: {
      preTag: spec.pre_tags?.[0] ?? '<em>',
      postTag: spec.post_tags?.[0] ?? '</em>',
      encoder: spec.encoder === 'html' ? 'html' : 'default',
      fragmentSize: spec.fragment_size ?? 100,
      fragments: spec.number_of_fragments ?? 5,
    },
  };
}
