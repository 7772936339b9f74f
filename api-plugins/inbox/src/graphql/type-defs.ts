export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "A kind of integration an enabled integration plugin offers (its meta.inboxIntegration)."
  type IntegrationKind {
    kind: String!
    label: String
    "Whether conversations of this kind can be answered from the inbox (its plugin consumes <kind>:sendReply)."
    canReply: Boolean
  }

  type Integration @key(fields: "_id") {
    _id: String!
    kind: String
    name: String
    createdAt: Date
    "The secret POST /receive needs (header x-integration-token); only in the reply that created the integration."
    webhookToken: String
  }

  "A contacts customer; its other fields come from the contacts plugin through the gateway when it runs."
  type Customer @key(fields: "_id") {
    _id: String!
  }

  enum ConversationStatus {
    open
    closed
  }

  type Conversation @key(fields: "_id") {
    _id: String!
    integrationId: String
    customerId: String
    content: String
    status: ConversationStatus
    createdAt: Date
    updatedAt: Date
    integration: Integration
    "Who wrote: the contacts customer of customerId."
    customer: Customer
  }

  "A message users write in a conversation; messages of external kinds are in the integration's detail query."
  type ConversationMessage {
    _id: String!
    conversationId: String
    content: String
    userId: String
    "An internal note: never sent to the customer."
    internal: Boolean
    createdAt: Date
  }

  enum ReplyState {
    sending
    sent
    failed
  }

  "A reply as the integration stored it; a failed one says why and is sent again by the same idempotencyKey."
  type ConversationReply {
    "The reply's id in the integration (its message in the kind's conversation view)."
    _id: String!
    conversationId: String!
    state: ReplyState!
    error: String
    createdAt: Date
  }

  type Query {
    integrationKinds: [IntegrationKind]
    integrations(kind: String): [Integration]
    """
    Newest activity first. searchValue matches the subject, the sender's name or address and the text of the
    messages, ignoring case; customerId narrows to one contacts customer's conversations, across integrations.
    """
    conversations(integrationId: String, customerId: String, status: ConversationStatus, searchValue: String, page: Int, perPage: Int): [Conversation]
    conversationsTotalCount(integrationId: String, customerId: String, status: ConversationStatus, searchValue: String): Int
    conversationDetail(_id: String!): Conversation
    conversationMessages(conversationId: String!): [ConversationMessage]
  }

  type Mutation {
    "Stores the integration, then asks the plugin of that kind to create its side; if that fails nothing is kept."
    integrationsCreateExternalIntegration(kind: String!, name: String!, data: JSON): Integration
    "Asks the plugin of that kind to remove its side, then removes the integration and its conversations."
    integrationsRemove(_id: String!): JSON
    conversationsChangeStatus(_ids: [String!]!, status: ConversationStatus!): [Conversation]
    conversationMessageAdd(conversationId: String!, content: String!): ConversationMessage
    "Sends content to the customer through the conversation's integration (owner/admin). idempotencyKey: one per composed reply."
    conversationReply(conversationId: String!, content: String!, idempotencyKey: String): ConversationReply
    "An internal note: stored by the inbox, never sent."
    conversationNoteAdd(conversationId: String!, content: String!): ConversationMessage
  }

  type Subscription {
    "A conversation was created, received a message or changed status; _id narrows it to one conversation."
    conversationChanged(_id: String): Conversation
  }
`;
