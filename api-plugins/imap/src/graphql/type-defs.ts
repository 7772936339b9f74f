export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "One stored e-mail of a conversation (SPEC.md's <Integration> type)."
  type Imap {
    "The message's identifier."
    _id: String!
    "The subject."
    title: String
    "{messageId, from, to, cc, bcc (lists of {name, email}), subject, body, html (an HTML part as sent: sanitise before showing)}"
    mailData: JSON
  }

  "A message was stored in an inbox conversation, so imapConversationDetail lists it from now on."
  type ImapMessageStored {
    "The stored message's identifier (Imap._id)."
    _id: String!
    "Its inbox conversation."
    inboxConversationId: String!
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

  type Subscription {
    "A mail received into that inbox conversation was stored: sent once imapConversationDetail lists it."
    imapMessageStored(inboxConversationId: String!): ImapMessageStored
  }
`;
