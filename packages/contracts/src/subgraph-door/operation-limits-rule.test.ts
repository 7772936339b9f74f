import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, parse, validate } from 'graphql';
import { checkQueryText, GRAPHQL_LIMITS } from './graphql-limits.js';
import { operationLimitsRule } from './operation-limits-rule.js';

const schema = buildSchema('type Query { node: Node } type Node { id: ID parent: Node }');
const check = (query: string) =>
  validate(schema, parse(query), [operationLimitsRule({ maxDepth: 5, maxFields: 20, maxAliases: 3, maxCost: 1e9, listSize: 100 })]).map((error) => error.message);

describe('operationLimitsRule', () => {
  it('rejects more aliases than the limit, counting those in fragments', () => {
    assert.deepEqual(check('{ a: node { id } b: node { id } ...F } fragment F on Query { c: node { id } d: node { id } }'), [
      'Query has too many aliases: the operation uses more than 3',
    ]);
    assert.deepEqual(check('{ a: node { id } b: node { id } c: node { id } }'), []);
  });

  it('lets a small operation through', () => {
    assert.deepEqual(check('{ node { id parent { id } } }'), []);
  });

  it('rejects nesting past the depth limit, through fragments too', () => {
    assert.deepEqual(check('query Deep { node { ...P } } fragment P on Node { parent { parent { parent { parent { id } } } } }'), [
      'Query is too deep: "Deep" nests 6 levels, the limit is 5',
    ]);
  });

  // Each fragment is measured once; an exponential walk of this bomb would not finish within the test's time-out.
  it('rejects a fragment bomb by its expanded size', () => {
    const levels = 30;
    let fragments = 'fragment F0 on Node { id }\n';
    for (let i = 1; i <= levels; i++) fragments += `fragment F${i} on Node { a: parent { ...F${i - 1} } b: parent { ...F${i - 1} } }\n`;
    const errors = validate(schema, parse(`{ node { ...F${levels} } } ${fragments}`), [
      operationLimitsRule({ maxDepth: 100, maxFields: 5000, maxAliases: Number.MAX_SAFE_INTEGER, maxCost: Number.MAX_SAFE_INTEGER, listSize: 100 }),
    ]);
    assert.deepEqual(
      errors.map((error) => error.message),
      ['Query is too large: the operation selects more than 5000 fields'],
    );
  });

  it('counts list fields as many items, multiplied through nesting, unless a paging argument asks for fewer', () => {
    const lists = buildSchema('type Query { docs(perPage: Int, page: Int): [Doc!]! one: Doc } type Doc { id: ID tags: [String] items: [Doc] }');
    const cost = (query: string) =>
      validate(lists, parse(query), [operationLimitsRule({ ...GRAPHQL_LIMITS, maxCost: 10_000 })]).map((error) => error.extensions['code'] ?? error.message);
    // 100 × (1 + 1) = 200
    assert.deepEqual(cost('{ docs { id } }'), []);
    // 100 × (1 + 100 × (1 + 1)) = 20,100: a list in a list multiplies
    assert.deepEqual(cost('{ docs { items { id } } }'), ['QUERY_TOO_COMPLEX']);
    // 10 × (1 + 100 × 2) = 2,010 with a literal page size
    assert.deepEqual(cost('{ docs(perPage: 10) { items { id } } }'), []);
    // 60 aliases × 200 = 12,000
    const aliases = Array.from({ length: 60 }, (_, index) => `d${index}: docs { id }`).join(' ');
    assert.deepEqual(cost(`{ ${aliases} }`), ['QUERY_TOO_COMPLEX']);
  });

  it('counts an unpaged list at the bound its plugin gives (the real size), and says what it cost', () => {
    const lists = buildSchema('type Query { docs(perPage: Int): [Doc!]! } type Doc { id: ID name: String }');
    const bound = (typeName: string, fieldName: string) => (typeName === 'Query' && fieldName === 'docs' ? 5_000 : undefined);
    const check = (query: string) => validate(lists, parse(query), [operationLimitsRule({ ...GRAPHQL_LIMITS, maxCost: 50_000 }, bound)]).map((error) => error.message);
    // 5,000 × (1 + 2) = 15,000: one unpaged list of every document is served.
    assert.deepEqual(check('{ docs { id name } }'), []);
    // 4 × 15,000 = 60,000, where 100 items each would have been 1,200.
    assert.deepEqual(check('{ a: docs { id name } b: docs { id name } c: docs { id name } d: docs { id name } }'), [
      'Query is too costly: the operation may cost 60000, the limit is 50000 (a field costs 1 plus what it selects, times the items of a list: ' +
        'its page size when a paging argument such as perPage gives one, else what it holds (docs 5000) or 100): page the lists, or ask for less',
    ]);
    // A page is its page size: 4 × 20 × 3 = 240.
    assert.deepEqual(check('{ a: docs(perPage: 20) { id name } b: docs(perPage: 20) { id name } c: docs(perPage: 20) { id name } d: docs(perPage: 20) { id name } }'), []);
  });
});

describe('checkQueryText', () => {
  it('refuses a query nested thousands of levels deep without recursing, with the depth message', () => {
    const deep = `${'{ a '.repeat(6000)}${'}'.repeat(6000)}`;
    const error = checkQueryText(deep);
    assert.equal(error?.extensions['code'], 'QUERY_TOO_COMPLEX');
    assert.match(error?.message ?? '', /^Query is too deep/);
    assert.equal(checkQueryText('{ node { id parent { id } } }'), undefined);
  });

  it('refuses a text past the token limit', () => {
    assert.match(checkQueryText(`{ ${'a '.repeat(GRAPHQL_LIMITS.maxTokens + 1)}}`)?.message ?? '', /more than 20000 tokens/);
  });
});
