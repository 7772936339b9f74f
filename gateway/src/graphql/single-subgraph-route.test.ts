import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'graphql';
import { pino } from 'pino';
import { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { singleSubgraphRoute } from './single-subgraph-route.js';
import { buildSupergraph } from './supergraph.js';
import { ROUTING_SUBGRAPHS as subgraphs } from '../test-support/routing-subgraphs.js';

describe('singleSubgraphRoute', () => {
  const registry = new SubgraphRegistry(subgraphs.map(({ name, url }) => ({ name, urls: [url] })));
  after(() => registry.close());
  const supergraph = buildSupergraph(subgraphs, registry, pino({ level: 'silent' }));
  const route = (query: string) => singleSubgraphRoute(supergraph.schema, supergraph.ownership, parse(query));

  it('routes an operation of one subgraph to it', () => {
    assert.deepEqual(route('{ documents { id name size __typename } }'), ['documents']);
    assert.deepEqual(route('query Q($f: ContactFilter) { contacts(filter: $f) { name } }'), ['contacts']);
    assert.deepEqual(route('mutation { renameDocument(id: "1", name: "x") { id name } }'), ['documents']);
  });

  it('follows fragments and abstract types', () => {
    assert.deepEqual(route('{ node(id: "1") { id ... on Document { name } ...F } } fragment F on Folder { title }'), [
      'documents',
    ]);
  });

  it('needs the subgraph to know how a fragment\'s type relates to where it is spread', () => {
    // contacts knows Document only as an entity stub, not as a Node nor … its name.
    assert.deepEqual(route('{ search { ... on Contact { name } ... on Document { id } } }'), ['contacts']);
    assert.deepEqual(route('{ search { ... on Document { id ... on Node { id } } } }'), []);
    assert.deepEqual(route('{ documents { ... on Node { id } } }'), ['documents']);
  });

  it('offers every subgraph that can answer a shareable field', () => {
    assert.deepEqual(route('{ version }'), ['contacts', 'documents']);
    assert.deepEqual(route('{ version documents { id } }'), ['documents']);
  });

  it('sends operations that need an entity hop or several subgraphs to the planner', () => {
    assert.deepEqual(route('{ documents { id owner { name } } }'), []);
    assert.deepEqual(route('{ documents { sizeLabel } }'), []);
    assert.deepEqual(route('{ documents { id } contacts { id } }'), []);
    assert.deepEqual(route('{ node(id: "1") { ... on Document { owner { name } } } }'), []);
  });

  it('keeps introspection on the gateway', () => {
    assert.deepEqual(route('{ __schema { queryType { name } } }'), []);
    assert.deepEqual(route('{ documents { id } __type(name: "Document") { name } }'), []);
  });
});
