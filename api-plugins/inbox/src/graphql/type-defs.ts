export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  "A kind of integration an enabled integration plugin offers (its meta.inboxIntegration)."
  type IntegrationKind {
    kind: String!
    label: String
  }

  type Integration @key(fields: "_id") {
    _id: String!
    kind: String
    name: String
    createdAt: Date
    "The secret POST /receive needs (header x-integration-token); only in the reply that created the integration."
    webhookToken: String
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
  }

  "A message users write in a conversation; messages of external kinds are in the integration's detail query."
  type ConversationMessage {
    _id: String!
    conversationId: String
    content: String
    userId: String
    createdAt: Date
  }

  type Query {
    integrationKinds: [IntegrationKind]
    integrations(kind: String): [Integration]
    "Newest activity first."
    conversations(integrationId: String, status: ConversationStatus, page: Int, perPage: Int): [Conversation]
    conversationsTotalCount(integrationId: String, status: ConversationStatus): Int
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
  }

  type Subscription {
    "A conversation was created, received a message or changed status; _id narrows it to one conversation."
    conversationChanged(_id: String): Conversation
  }
`;
