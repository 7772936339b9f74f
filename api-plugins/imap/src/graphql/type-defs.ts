export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "One stored e-mail of a conversation (SPEC.md's <Integration> type)."
  type Imap {
    "The message's identifier."
    _id: String!
    "The subject."
    title: String
    "{messageId, from, to, cc, bcc (lists of {name, email}), subject, body}"
    mailData: JSON
  }

  type Query {
    "Every stored message of that inbox conversation, oldest first."
    imapConversationDetail(conversationId: String!): [Imap]
    "The IMAP accounts (integrations) this plugin holds, without passwords."
    imapAccounts: JSON
  }

  type Mutation {
    "Removes the account with its messages and customers, stops listening to it, and returns deleted."
    imapAccountRemove(_id: String!): String
  }
`;
