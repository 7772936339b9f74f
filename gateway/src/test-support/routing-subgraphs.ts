const link = (imports: string) =>
  `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: [${imports}])`;

/** Two subgraphs that share types in every way routing must understand (no hosts: for planning only). */
export const ROUTING_SUBGRAPHS = [
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
