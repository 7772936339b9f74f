export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "One message of a messenger conversation (SPEC.md's <Integration> type)."
  type Messenger {
    _id: String!
    "The start of the message."
    title: String
    "SPEC.md's shape: {messageId, from, to, cc, bcc, subject, body}, plus direction, createdAt, readAt, attachments."
    mailData: JSON
  }

  "The visitor who writes in a conversation."
  type MessengerVisitor {
    _id: String!
    "The e-mail the visitor left, if any."
    email: String
  }

  "Something happened in a messenger conversation: a message was stored, the visitor types, or read the replies."
  type MessengerConversationEvent {
    inboxConversationId: String!
    "message, typing or read"
    type: String!
    typing: Boolean
    readAt: Date
  }

  type Query {
    "Every message of that inbox conversation, oldest first."
    messengerConversationDetail(conversationId: String!): [Messenger]
    messengerVisitor(conversationId: String!): MessengerVisitor
    "The messenger integrations with their settings."
    messengerIntegrations: JSON
  }

  type Mutation {
    "Changes some settings of the messenger integration with that inbox id; answers all of them, with updatedAt. With updatedAt (the value read from messengerIntegrations; null: it had none), refused with CONFLICT when the settings changed since."
    messengerIntegrationEdit(inboxId: String!, data: JSON!, updatedAt: Date): JSON
    "Tells the visitor an agent is (or stopped) typing."
    messengerTyping(conversationId: String!, typing: Boolean!): Boolean
    "The visitor's messages so far are read: the widget shows it."
    messengerMarkRead(conversationId: String!): Boolean
  }

  type Subscription {
    messengerConversationEvent(inboxConversationId: String!): MessengerConversationEvent
  }
`;
