import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSchema, parse, validate } from 'graphql';
import { operationLimitsRule } from './operation-limits-rule.js';

const schema = buildSchema('type Query { node: Node } type Node { id: ID parent: Node }');
const check = (query: string) =>
  validate(schema, parse(query), [operationLimitsRule({ maxDepth: 5, maxFields: 20 })]).map((error) => error.message);

describe('operationLimitsRule', () => {
  it('lets a small operation through', () => {
    assert.deepEqual(check('{ node { id parent { id } } }'), []);
  });

  it('rejects nesting past the depth limit, through fragments too', () => {
    assert.deepEqual(check('query Deep { node { ...P } } fragment P on Node { parent { parent { parent { parent { id } } } } }'), [
      'Query is too deep: "Deep" nests 6 levels, the limit is 5',
    ]);
  });

  it('rejects a fragment bomb by its expanded size, quickly', () => {
    const levels = 30;
    let fragments = 'fragment F0 on Node { id }\n';
    for (let i = 1; i <= levels; i++) fragments += `fragment F${i} on Node { a: parent { ...F${i - 1} } b: parent { ...F${i - 1} } }\n`;
    const started = Date.now();
    const errors = validate(schema, parse(`{ node { ...F${levels} } } ${fragments}`), [
      operationLimitsRule({ maxDepth: 100, maxFields: 5000 }),
    ]);
    assert.deepEqual(
      errors.map((error) => error.message),
      ['Query is too large: the operation selects more than 5000 fields'],
    );
    assert.ok(Date.now() - started < 1000);
  });
});
