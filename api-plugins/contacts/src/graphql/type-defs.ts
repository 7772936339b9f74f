export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  type Customer @key(fields: "_id") {
    _id: String!
    primaryEmail: String
    emails: [String]
    firstName: String
    lastName: String
    "The inbox integration the customer first wrote through, if any."
    integrationId: String
    createdAt: Date
    "When the customer last changed; customersEdit takes it back to refuse an edit of a changed customer (CONFLICT)."
    updatedAt: Date
  }

  type Query {
    """
    searchValue matches the start of a name or anywhere in an e-mail address, ignoring case. sortField
    (createdAt, firstName, lastName, primaryEmail) with sortDirection (asc, the default, or desc); without
    one, newest first.
    """
    customers(searchValue: String, sortField: String, sortDirection: String, page: Int, perPage: Int): [Customer]
    customersTotalCount(searchValue: String): Int
    customerDetail(_id: String!): Customer
  }

  type Mutation {
    customersAdd(primaryEmail: String!, firstName: String, lastName: String, emails: [String!]): Customer
    """
    Sets the supplied fields; null clears a name. Returns the updated customer. With updatedAt (the value the
    client read; null for a customer that never had one) the edit is refused with CONFLICT, storing nothing,
    when the customer changed since.
    """
    customersEdit(_id: String!, primaryEmail: String, firstName: String, lastName: String, emails: [String!], updatedAt: Date): Customer
    customersRemove(_id: String!): JSON
    """
    Merges two customers that are one person: mergeId's conversations (in the inbox) move to keepId, which
    gains mergeId's e-mail addresses and the names it lacks; mergeId is removed. Returns the kept customer.
    """
    customersMerge(keepId: String!, mergeId: String!): Customer
  }
`;
