import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  MessengerConversationDetailQuery,
  MessengerConversationDetailQueryVariables,
  MessengerConversationEventSubscription,
  MessengerConversationEventSubscriptionVariables,
  MessengerCreateIntegrationMutation,
  MessengerCreateIntegrationMutationVariables,
  MessengerIntegrationEditMutation,
  MessengerIntegrationEditMutationVariables,
  MessengerIntegrationsQuery,
  MessengerIntegrationsQueryVariables,
  MessengerMarkReadMutation,
  MessengerMarkReadMutationVariables,
} from './generated.js';

/** One stored message; `mailData` is JSON ({body, direction, createdAt, readAt, attachments, from, to}): read with `messengerMessageOf`. */
export type MessengerMessageRow = NonNullable<NonNullable<MessengerConversationDetailQuery['messengerConversationDetail']>[number]>;

export const conversationDetailQuery: TypedDocumentNode<MessengerConversationDetailQuery, MessengerConversationDetailQueryVariables> = gql`
  query MessengerConversationDetail($conversationId: String!) {
    messengerConversationDetail(conversationId: $conversationId) {
      _id
      title
      mailData
    }
    messengerVisitor(conversationId: $conversationId) {
      _id
      email
    }
  }
`;

export const conversationEventSubscription: TypedDocumentNode<MessengerConversationEventSubscription, MessengerConversationEventSubscriptionVariables> = gql`
  subscription MessengerConversationEvent($inboxConversationId: String!) {
    messengerConversationEvent(inboxConversationId: $inboxConversationId) {
      inboxConversationId
      type
      typing
    }
  }
`;

export const markReadMutation: TypedDocumentNode<MessengerMarkReadMutation, MessengerMarkReadMutationVariables> = gql`
  mutation MessengerMarkRead($conversationId: String!) {
    messengerMarkRead(conversationId: $conversationId)
  }
`;

export const integrationsQuery: TypedDocumentNode<MessengerIntegrationsQuery, MessengerIntegrationsQueryVariables> = gql`
  query MessengerIntegrations {
    messengerIntegrations
  }
`;

export const integrationEditMutation: TypedDocumentNode<MessengerIntegrationEditMutation, MessengerIntegrationEditMutationVariables> = gql`
  mutation MessengerIntegrationEdit($inboxId: String!, $data: JSON!, $updatedAt: Date) {
    messengerIntegrationEdit(inboxId: $inboxId, data: $data, updatedAt: $updatedAt)
  }
`;

export const createIntegrationMutation: TypedDocumentNode<MessengerCreateIntegrationMutation, MessengerCreateIntegrationMutationVariables> = gql`
  mutation MessengerCreateIntegration($kind: String!, $name: String!, $data: JSON) {
    integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) {
      _id
      kind
      name
    }
  }
`;
