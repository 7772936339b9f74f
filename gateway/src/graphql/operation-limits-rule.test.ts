import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, parse, validate } from 'graphql';
import { operationLimitsRule } from './operation-limits-rule.js';

const schema = buildSchema('type Query { node: Node } type Node { id: ID parent: Node }');
const check = (query: string) =>
  validate(schema, parse(query), [operationLimitsRule({ maxDepth: 5, maxFields: 20, maxAliases: 3 })]).map((error) => error.message);

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
      operationLimitsRule({ maxDepth: 100, maxFields: 5000, maxAliases: Number.MAX_SAFE_INTEGER }),
    ]);
    assert.deepEqual(
      errors.map((error) => error.message),
      ['Query is too large: the operation selects more than 5000 fields'],
    );
  });
});
