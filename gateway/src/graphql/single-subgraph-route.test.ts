import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'graphql';
import { pino } from 'pino';
import { SubgraphRegistry } from '../subgraphs/subgraph-registry.js';
import { singleSubgraphRoute } from './single-subgraph-route.js';
import { buildSupergraph } from './supergraph.js';

const link = (imports: string) =>
  `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: [${imports}])`;

const subgraphs = [
  {
    name: 'documents',
    url: 'http://127.0.0.1:1',
    sdl: `${link('"@key", "@shareable"')}
      type Query { documents: [Document!] node(id: ID!): Node version: String @shareable }
      interface Node { id: ID! }
      type Document implements Node @key(fields: "id") { id: ID! name: String! size: Int! }
      type Folder implements Node @key(fields: "id") { id: ID! title: String }
      input DocumentFilter { name: String }
      type Mutation { renameDocument(id: ID!, name: String!): Document }`,
  },
  {
    name: 'contacts',
    url: 'http://127.0.0.1:2',
    sdl: `${link('"@key", "@shareable", "@external", "@requires"')}
      type Query { contacts(filter: ContactFilter): [Contact!] version: String @shareable search: [Result!] }
      union Result = Contact | Document
      interface Node { id: ID! }
      type Folder implements Node @key(fields: "id") { id: ID! }
      input ContactFilter { name: String }
      type Contact { id: ID! name: String! }
      type Document @key(fields: "id") {
        id: ID!
        size: Int! @external
        owner: Contact
        sizeLabel: String @requires(fields: "size")
      }`,
  },
];

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
