import { parsingError } from '../errors.js';
import { type Source, type SearchIndex, type TextQuery, fieldText } from '../indexes/search-index.js';

/** One matching document: its score and, per field, the index terms that matched (for highlighting). */
export interface Match {
  score: number;
  terms: Map<string, Set<string>>;
}
export type Matches = Map<string, Match>;
type Predicate = (id: string, source: Source) => boolean;

type Clause = Record<string, unknown>;
const MAX_CLAUSES = 1024;

function asObject(value: unknown, what: string): Clause {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw parsingError(`[${what}] must be an object`);
  return value as Clause;
}

function asClauses(value: unknown, what: string): Clause[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => asObject(item, what));
}

/** The one key of a query clause (`{match: {...}}` → `match`). */
function clauseKind(query: Clause): [string, unknown] {
  const keys = Object.keys(query);
  if (keys.length !== 1) throw parsingError(`a query clause has exactly one key, got [${keys.join(', ')}]`);
  const kind = keys[0] as string;
  return [kind, query[kind]];
}

/** `title^3` → ['title', 3]. */
function fieldBoost(spec: string): [string, number] {
  const [field, boost] = spec.split('^');
  const value = boost === undefined ? 1 : Number(boost);
  if (!field || !Number.isFinite(value) || value < 0) throw parsingError(`bad field [${spec}]`);
  return [field, value];
}

function textOptions(body: Clause, fields: Record<string, number>): TextQuery {
  const text = body.query;
  if (typeof text !== 'string' && typeof text !== 'number') throw parsingError('[query] must be a string');
  const type = body.type ?? 'best_fields';
  if (typeof type !== 'string' || !['best_fields', 'most_fields', 'cross_fields', 'bool_prefix', 'phrase_prefix'].includes(type)) throw parsingError(`unknown multi_match type [${String(type)}]`);
  const operator = String(body.operator ?? 'or').toLowerCase();
  if (operator !== 'and' && operator !== 'or') throw parsingError(`[operator] must be and or or, got [${operator}]`);
  return { text: String(text), fields, operator, fuzzy: body.fuzziness !== undefined && body.fuzziness !== 0 && body.fuzziness !== '0', prefixLast: type === 'bool_prefix' || type === 'phrase_prefix' };
}

function valuesOf(source: Source, field: string): unknown[] {
  const value = field === '_id' ? undefined : source[field];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function sameTerm(a: unknown, b: unknown): boolean {
  return a === b || (typeof a !== 'object' && typeof b !== 'object' && String(a) === String(b));
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const dateA = typeof a === 'string' ? Date.parse(a) : Number.NaN;
  const dateB = typeof b === 'string' ? Date.parse(b) : Number.NaN;
  if (!Number.isNaN(dateA) && !Number.isNaN(dateB)) return dateA - dateB;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

/** Evaluates the query DSL subset (match_all, match, multi_match, term, terms, ids, exists, range, bool) over one index. */
export class QueryEvaluator {
  #clauses = 0;

  constructor(private readonly index: SearchIndex) {}

  matches(query: Clause): Matches {
    this.#count();
    const [kind, body] = clauseKind(query);
    switch (kind) {
      case 'multi_match': {
        const spec = asObject(body, kind);
        const fields = Object.fromEntries(((spec.fields as unknown[] | undefined) ?? []).map((field) => fieldBoost(String(field))));
        return this.#text(textOptions(spec, fields));
      }
      case 'match':
      case 'match_bool_prefix': {
        const [field, value] = clauseKind(asObject(body, kind));
        const spec = typeof value === 'object' && value !== null ? (value as Clause) : { query: value };
        return this.#text(textOptions({ ...spec, type: kind === 'match_bool_prefix' ? 'bool_prefix' : spec.type }, { [field]: 1 }));
      }
      case 'bool':
        return this.#bool(asObject(body, kind));
      default:
        return this.#filtered([...this.index.docs.keys()], [this.predicate(query)]);
    }
  }

  /** A clause in filter context: does this document match (no score)? */
  predicate(query: Clause): Predicate {
    this.#count();
    const [kind, body] = clauseKind(query);
    switch (kind) {
      case 'match_all':
        return () => true;
      case 'term': {
        const [field, value] = clauseKind(asObject(body, kind));
        const wanted = typeof value === 'object' && value !== null ? (value as Clause).value : value;
        return (id, source) => (field === '_id' ? id === String(wanted) : valuesOf(source, field).some((v) => sameTerm(v, wanted)));
      }
      case 'terms': {
        const [field, values] = clauseKind(asObject(body, kind));
        if (!Array.isArray(values)) throw parsingError('[terms] takes a list of values');
        const wanted = new Set(values.map(String));
        return (id, source) => (field === '_id' ? wanted.has(id) : valuesOf(source, field).some((v) => typeof v !== 'object' && wanted.has(String(v))));
      }
      case 'ids': {
        const values = asObject(body, kind).values;
        if (!Array.isArray(values)) throw parsingError('[ids] takes values: [...]');
        const wanted = new Set(values.map(String));
        return (id) => wanted.has(id);
      }
      case 'exists': {
        const field = String(asObject(body, kind).field ?? '');
        return (_id, source) => valuesOf(source, field).length > 0;
      }
      case 'range': {
        const [field, bounds] = clauseKind(asObject(body, kind));
        const { gt, gte, lt, lte } = asObject(bounds, 'range') as { gt?: unknown; gte?: unknown; lt?: unknown; lte?: unknown };
        return (_id, source) =>
          valuesOf(source, field).some(
            (v) => (gt === undefined || compare(v, gt) > 0) && (gte === undefined || compare(v, gte) >= 0) && (lt === undefined || compare(v, lt) < 0) && (lte === undefined || compare(v, lte) <= 0),
          );
      }
      case 'multi_match':
      case 'match':
      case 'match_bool_prefix':
      case 'bool': {
        const found = this.matches(query);
        return (id) => found.has(id);
      }
      default:
        throw parsingError(`unknown query [${kind}]`);
    }
  }

  #count(): void {
    this.#clauses += 1;
    if (this.#clauses > MAX_CLAUSES) throw parsingError(`the query has more than ${MAX_CLAUSES} clauses`);
  }

  #text(query: TextQuery): Matches {
    const found: Matches = new Map();
    for (const result of this.index.searchText(query)) {
      const terms = new Map<string, Set<string>>();
      for (const [term, fields] of Object.entries(result.match)) {
        for (const field of fields) {
          const set = terms.get(field) ?? new Set<string>();
          set.add(term);
          terms.set(field, set);
        }
      }
      found.set(String(result.id), { score: result.score, terms });
    }
    return found;
  }

  #bool(body: Clause): Matches {
    const must = asClauses(body.must, 'must').map((clause) => this.matches(clause));
    const should = asClauses(body.should, 'should').map((clause) => this.matches(clause));
    const filters = asClauses(body.filter, 'filter').map((clause) => this.predicate(clause));
    const mustNot = asClauses(body.must_not, 'must_not').map((clause) => this.predicate(clause));
    const minimumShould = Number(body.minimum_should_match ?? (must.length === 0 && filters.length === 0 ? 1 : 0));
    let candidates: Matches;
    if (must.length > 0) {
      candidates = must.reduce((all, next) => intersect(all, next));
    } else if (minimumShould > 0) {
      candidates = union(should);
    } else {
      candidates = this.#filtered([...this.index.docs.keys()], []);
    }
    const kept: Matches = new Map();
    for (const [id, match] of candidates) {
      const source = this.index.docs.get(id);
      if (!source) continue;
      if (!filters.every((test) => test(id, source))) continue;
      if (mustNot.some((test) => test(id, source))) continue;
      let satisfied = 0;
      const combined: Match = { score: match.score, terms: new Map(match.terms) };
      for (const set of should) {
        const extra = set.get(id);
        if (!extra) continue;
        satisfied += 1;
        combined.score += extra.score;
        mergeTerms(combined.terms, extra.terms);
      }
      if (satisfied >= minimumShould) kept.set(id, combined);
    }
    return kept;
  }

  #filtered(ids: string[], tests: Predicate[]): Matches {
    const found: Matches = new Map();
    for (const id of ids) {
      const source = this.index.docs.get(id);
      if (source && tests.every((test) => test(id, source))) found.set(id, { score: 1, terms: new Map() });
    }
    return found;
  }
}

function mergeTerms(into: Map<string, Set<string>>, from: Map<string, Set<string>>): void {
  for (const [field, terms] of from) into.set(field, new Set([...(into.get(field) ?? []), ...terms]));
}

function intersect(a: Matches, b: Matches): Matches {
  const out: Matches = new Map();
  for (const [id, match] of a) {
    const other = b.get(id);
    if (!other) continue;
    const terms = new Map(match.terms);
    mergeTerms(terms, other.terms);
    out.set(id, { score: match.score + other.score, terms });
  }
  return out;
}

function union(sets: Matches[]): Matches {
  const out: Matches = new Map();
  for (const set of sets) {
    for (const [id, match] of set) {
      const existing = out.get(id);
      if (!existing) {
        out.set(id, { score: match.score, terms: new Map(match.terms) });
      } else {
        existing.score += match.score;
        mergeTerms(existing.terms, match.terms);
      }
    }
  }
  return out;
}

export { fieldText };
