// erxes: packages/template.plugin.api/source-default/graphql/typeDefs.ts, with `{name}` = document. The
// fields and arguments are SPEC.md's; Lattice adds the federation link and keeps Date and JSON itself.
export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  type Document @key(fields: "_id") {
    _id: String!
    name: String
    createdAt: Date
    expiryDate: Date
    checked: Boolean
    typeId: String
    currentType: DocumentType
  }

  type DocumentType @key(fields: "_id") {
    _id: String!
    name: String
  }

  type Query {
    "Documents of one type when typeId is given (non-empty), otherwise all; by order, then name."
    documents(typeId: String): [Document]
    documentTypes: [DocumentType]
    "All documents, whatever their type."
    documentsTotalCount: Int
  }

  type Mutation {
    documentsAdd(name: String, expiryDate: Date, checked: Boolean, typeId: String): Document
    "Sets the fields given; answers the document as it is now (NOT_FOUND when there is none)."
    documentsEdit(_id: String!, name: String, expiryDate: Date, checked: Boolean, typeId: String): Document
    documentsRemove(_id: String!): JSON
    documentTypesAdd(name: String): DocumentType
    documentTypesEdit(_id: String!, name: String): DocumentType
    documentTypesRemove(_id: String!): JSON
  }
`;
