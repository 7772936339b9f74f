import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'graphql';
import { pino } from 'pino';
import { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { ROUTING_SUBGRAPHS as subgraphs } from '../test-support/routing-subgraphs.js';
import { planRootSplit } from './root-split.js';
import { buildSupergraph } from './supergraph.js';

describe('planRootSplit', () => {
  const registry = new SubgraphRegistry(subgraphs.map(({ name, url }) => ({ name, urls: [url] })));
  after(() => registry.close());
  const supergraph = buildSupergraph(subgraphs, registry, pino({ level: 'silent' }));
  const split = (query: string) => planRootSplit(supergraph.schema, supergraph.ownership, parse(query));

  it('gives each subgraph its own root fields, with only the variables and fragments they use', () => {
    const planned = split(`query Q($f: ContactFilter, $id: ID!) {
      mine: contacts(filter: $f) { ...C }
      node(id: $id) { id ...D }
      documents { id }
    }
    fragment C on Contact { id name }
    fragment D on Document { name }`);
    assert.ok(planned);
    assert.deepEqual(planned.keys, ['mine', 'node', 'documents']);
    assert.deepEqual(
      planned.parts.map(({ plugin, keys, variableNames, nullsAll }) => ({ plugin, keys, variableNames, nullsAll })),
      [
        { plugin: 'contacts', keys: ['mine'], variableNames: ['f'], nullsAll: false },
        { plugin: 'documents', keys: ['node', 'documents'], variableNames: ['id'], nullsAll: false },
      ],
    );
    assert.equal(planned.parts[0]!.query, 'query Q($f: ContactFilter) {\n  mine: contacts(filter: $f) {\n    ...C\n  }\n}\n\nfragment C on Contact {\n  id\n  name\n}');
    assert.equal(
      planned.parts[1]!.query,
      'query Q($id: ID!) {\n  node(id: $id) {\n    id\n    ...D\n  }\n  documents {\n    id\n  }\n}\n\nfragment D on Document {\n  name\n}',
    );
  });

  it('puts a field several subgraphs can answer with one already asked', () => {
    const planned = split('{ contacts { id } version documents { id } }');
    assert.deepEqual(
      planned?.parts.map(({ plugin, keys }) => ({ plugin, keys })),
      [
        { plugin: 'contacts', keys: ['contacts', 'version'] },
        { plugin: 'documents', keys: ['documents'] },
      ],
    );
  });

  it('leaves to the planner what it cannot split', () => {
    assert.equal(split('{ documents { id } }'), undefined, 'one subgraph: the fast path');
    assert.equal(split('{ documents { id owner { name } } contacts { id } }'), undefined, 'a root field needs an entity hop');
    assert.equal(split('mutation { renameDocument(id: "1", name: "x") { id } }'), undefined);
    assert.equal(split('{ ... on Query { documents { id } } contacts { id } }'), undefined, 'a fragment at the root');
    assert.equal(split('{ __typename documents { id } contacts { id } }'), undefined);
    assert.equal(split('{ a: documents { id } a: documents { name } contacts { id } }'), undefined, 'one response key twice');
    assert.equal(split('query A { documents { id } } query B { contacts { id } }'), undefined, 'several operations');
  });
});
