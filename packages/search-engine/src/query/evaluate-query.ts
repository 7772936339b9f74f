import { parsingError } from '../errors.js';
import { type Source, type SearchIndex, type TextQuery, fieldText } from '../indexes/search-index.js';

/** Which index terms matched in which fields, as the text index answers it (term → fields). */
export type MatchedTerms = Readonly<Record<string, readonly string[]>>;

/**
 * One matching document: its score and what its text clauses matched. A search can match thousands of documents
 * and shows ten, so the matched terms stay as the text index gave them and are only read for the hits highlighted.
 */
export interface Match {
  readonly score: number;
  readonly matched: readonly MatchedTerms[];
}

const NOTHING_MATCHED: readonly MatchedTerms[] = [];

/** Per field, the index terms that matched (what highlighting needs), for one hit. */
export function termsByField(match: Match): Map<string, Set<string>> {
  const terms = new Map<string, Set<string>>();
  for (const matched of match.matched) {
    for (const [term, fields] of Object.entries(matched)) {
      for (const field of fields) {
        let set = terms.get(field);
        if (!set) terms.set(field, (set = new Set()));
        set.add(term);
      }
    }
  }
  return terms;
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

/** Whether a value of the field (one, or any of a list) passes the test; without copying (filters run per candidate). */
function someValue(source: Source, field: string, test: (value: unknown) => boolean): boolean {
  const value = field === '_id' ? undefined : source[field];
  if (value === undefined || value === null) return false;
  return Array.isArray(value) ? value.some(test) : test(value);
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
        return (id, source) => (field === '_id' ? id === String(wanted) : someValue(source, field, (v) => sameTerm(v, wanted)));
      }
      case 'terms': {
        const [field, values] = clauseKind(asObject(body, kind));
        if (!Array.isArray(values)) throw parsingError('[terms] takes a list of values');
        const wanted = new Set(values.map(String));
        return (id, source) => (field === '_id' ? wanted.has(id) : someValue(source, field, (v) => typeof v !== 'object' && wanted.has(String(v))));
      }
      case 'ids': {
        const values = asObject(body, kind).values;
        if (!Array.isArray(values)) throw parsingError('[ids] takes values: [...]');
        const wanted = new Set(values.map(String));
        return (id) => wanted.has(id);
      }
      case 'exists': {
        const field = String(asObject(body, kind).field ?? '');
        return (_id, source) => someValue(source, field, () => true);
      }
      case 'range': {
        const [field, bounds] = clauseKind(asObject(body, kind));
        const { gt, gte, lt, lte } = asObject(bounds, 'range') as { gt?: unknown; gte?: unknown; lt?: unknown; lte?: unknown };
        return (_id, source) =>
          someValue(
            source,
            field,
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
    for (const result of this.index.searchText(query)) found.set(String(result.id), { score: result.score, matched: [result.match] });
    return found;
  }

  #bool(body: Clause): Matches {
    const must = asClauses(body.must, 'must').map((clause) => this.matches(clause));
    const should = asClauses(body.should, 'should').map((clause) => this.matches(clause));
    const filters = asClauses(body.filter, 'filter').map((clause) => this.predicate(clause));
    const mustNot = asClauses(body.must_not, 'must_not').map((clause) => this.predicate(clause));
    const minimumShould = Number(body.minimum_should_match ?? (must.length === 0 && filters.length === 0 ? 1 : 0));
    let candidates: Matches;
    // The should clauses already in the candidates (a union of them) are not counted again below.
    let counted = false;
    if (must.length > 0) {
      candidates = must.reduce((all, next) => intersect(all, next));
    } else if (minimumShould > 0) {
      candidates = union(should);
      counted = true;
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
      let combined = match;
      for (const set of should) {
        const extra = set.get(id);
        if (!extra) continue;
        satisfied += 1;
        if (!counted) combined = { score: combined.score + extra.score, matched: [...combined.matched, ...extra.matched] };
      }
      if (satisfied >= minimumShould) kept.set(id, combined);
    }
    return kept;
  }

  #filtered(ids: string[], tests: Predicate[]): Matches {
    const found: Matches = new Map();
    for (const id of ids) {
      const source = this.index.docs.get(id);
      if (source && tests.every((test) => test(id, source))) found.set(id, { score: 1, matched: NOTHING_MATCHED });
    }
    return found;
  }
}

function combine(a: Match, b: Match): Match {
  return { score: a.score + b.score, matched: [...a.matched, ...b.matched] };
}

function intersect(a: Matches, b: Matches): Matches {
  const out: Matches = new Map();
  for (const [id, match] of a) {
    const other = b.get(id);
    if (other) out.set(id, combine(match, other));
  }
  return out;
}

function union(sets: Matches[]): Matches {
  if (sets.length === 1) return sets[0] as Matches;
  const out: Matches = new Map();
  for (const set of sets) {
    for (const [id, match] of set) {
      const existing = out.get(id);
      out.set(id, existing ? combine(existing, match) : match);
    }
  }
  return out;
}

export { fieldText };
