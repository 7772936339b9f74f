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
  }

  type Query {
    "Newest first. searchValue matches the start of a name or anywhere in an e-mail address, ignoring case."
    customers(searchValue: String, page: Int, perPage: Int): [Customer]
    customersTotalCount(searchValue: String): Int
    customerDetail(_id: String!): Customer
  }

  type Mutation {
    customersAdd(primaryEmail: String!, firstName: String, lastName: String, emails: [String!]): Customer
    "Sets the supplied fields; null clears a name. Returns the updated customer."
    customersEdit(_id: String!, primaryEmail: String, firstName: String, lastName: String, emails: [String!]): Customer
    customersRemove(_id: String!): JSON
  }
`;
