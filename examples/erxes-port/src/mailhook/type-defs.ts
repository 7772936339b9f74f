// erxes: packages/template.plugin.api/source-integration/graphql/typeDefs.ts, with `{name}` = mailhook
// (SPEC.md "Integration plugin: GraphQL operations" and "Integration GraphQL type").
export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "One stored message of a conversation."
  type Mailhook @key(fields: "_id") {
    _id: String!
    title: String
    "messageId, from, to, cc, bcc (lists of {name, email}), subject, body."
    mailData: JSON
  }

  type Query {
    "The messages of an inbox conversation, oldest first."
    mailhookConversationDetail(conversationId: String!): [Mailhook]
    mailhookAccounts: JSON
  }

  type Mutation {
    "Removes the account; answers deleted (NOT_FOUND when there is none)."
    mailhookAccountRemove(_id: String!): String
  }
`;
