import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CreatedIntegration } from '@lattice/ui-sdk';

export interface MessengerMessageRow {
  _id: string;
  title: string | null;
  /** {body, direction, createdAt, readAt, attachments, from, to}: read with `messengerMessageOf`. */
  mailData: unknown;
}

export const conversationDetailQuery: TypedDocumentNode<
  { messengerConversationDetail: Array<MessengerMessageRow | null> | null; messengerVisitor: { _id: string; email: string | null } | null },
  { conversationId: string }
> = gql`
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

export const conversationEventSubscription: TypedDocumentNode<
  { messengerConversationEvent: { inboxConversationId: string; type: string; typing: boolean | null } | null },
  { inboxConversationId: string }
> = gql`
  subscription MessengerConversationEvent($inboxConversationId: String!) {
    messengerConversationEvent(inboxConversationId: $inboxConversationId) {
      inboxConversationId
      type
      typing
    }
  }
`;

export const markReadMutation: TypedDocumentNode<{ messengerMarkRead: boolean | null }, { conversationId: string }> = gql`
  mutation MessengerMarkRead($conversationId: String!) {
    messengerMarkRead(conversationId: $conversationId)
  }
`;

export const integrationsQuery: TypedDocumentNode<{ messengerIntegrations: unknown }, Record<string, never>> = gql`
  query MessengerIntegrations {
    messengerIntegrations
  }
`;

export const integrationEditMutation: TypedDocumentNode<{ messengerIntegrationEdit: unknown }, { inboxId: string; data: Record<string, unknown> }> = gql`
  mutation MessengerIntegrationEdit($inboxId: String!, $data: JSON!) {
    messengerIntegrationEdit(inboxId: $inboxId, data: $data)
  }
`;

export const createIntegrationMutation: TypedDocumentNode<
  { integrationsCreateExternalIntegration: CreatedIntegration | null },
  { kind: string; name: string; data: Record<string, unknown> }
> = gql`
  mutation MessengerCreateIntegration($kind: String!, $name: String!, $data: JSON) {
    integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) {
      _id
      kind
      name
    }
  }
`;
