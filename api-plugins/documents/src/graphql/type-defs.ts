import { restoreWindowSeconds } from '../models/restore-window.js';

export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  type Document @key(fields: "_id") {
    _id: String!
    name: String
    createdAt: Date
    "When the document last changed; documentsEdit takes it back to refuse an edit of a changed document (CONFLICT)."
    updatedAt: Date
    expiryDate: Date
    checked: Boolean
    typeId: String
    "Position in lists: documents are ordered by order (missing first), then by name."
    order: Float
    currentType: DocumentType
  }

  type DocumentType @key(fields: "_id") {
    _id: String!
    name: String
    "When the type last changed; documentTypesEdit takes it back to refuse an edit of a changed type (CONFLICT)."
    updatedAt: Date
  }

  "The documents at a glance, for the home page."
  type DocumentsSummary {
    total: Int!
    checked: Int!
    "Documents whose expiryDate falls between now and expiringWithinDays days from now."
    expiringSoon: Int!
    expiringWithinDays: Int!
  }

  type Query {
    """
    Documents of one type when typeId is given (non-empty), otherwise all; ordered by order, then name.
    Optional: searchValue (case-insensitive, in the name); sortField (name, createdAt, expiryDate, checked
    or order) with sortDirection (asc, the default, or desc); page (from 1) and perPage (1 to 200, 20 by
    default): without page and perPage every matching document is returned.
    """
    documents(
      typeId: String
      page: Int
      perPage: Int
      searchValue: String
      sortField: String
      sortDirection: String
    ): [Document]
    "One document as stored now (NOT_FOUND when there is none): an edit refused with CONFLICT shows what changed."
    documentDetail(_id: String!): Document
    documentTypes: [DocumentType]
    "How many documents there are; with typeId and/or searchValue, how many documents(...) would list."
    documentsTotalCount(typeId: String, searchValue: String): Int
    "Counts of all documents: in total, checked, and expiring within expiringWithinDays (1 to 365, 30 by default)."
    documentsSummary(expiringWithinDays: Int): DocumentsSummary!
  }

  type Mutation {
    documentsAdd(name: String, expiryDate: Date, checked: Boolean, typeId: String, order: Float): Document
    """
    Sets the supplied fields; null clears a field. Returns the updated document. With updatedAt (the value the
    client read; null for a document that never had one) the edit is refused with CONFLICT, storing nothing,
    when the document changed since.
    """
    documentsEdit(_id: String!, name: String, expiryDate: Date, checked: Boolean, typeId: String, order: Float, updatedAt: Date): Document
    "Removes the document; documentsRestore can put it back for ${restoreWindowSeconds} seconds."
    documentsRemove(_id: String!): JSON
    documentTypesAdd(name: String): DocumentType
    "Sets the name. With updatedAt (the value the client read) the edit is refused with CONFLICT when the type changed since."
    documentTypesEdit(_id: String!, name: String, updatedAt: Date): DocumentType
    "Removes the type; documents of that type keep existing without a type. documentTypesRestore can put it back for ${restoreWindowSeconds} seconds."
    documentTypesRemove(_id: String!): JSON
    "Puts back a document removed in the last ${restoreWindowSeconds} seconds, with its _id and every field (untyped if its type is gone). NOT_FOUND otherwise."
    documentsRestore(_id: String!): Document
    """
    Puts back a type removed in the last ${restoreWindowSeconds} seconds, with its _id and name, and gives it back to the documents
    its removal untyped (those given another type since keep it). NOT_FOUND otherwise.
    """
    documentTypesRestore(_id: String!): DocumentType
  }
`;
