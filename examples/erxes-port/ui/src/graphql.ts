import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CreatedIntegration } from '@lattice/ui-sdk';

// erxes: packages/template.plugin.ui/source-integration/graphql/queries.ts and mutations.ts.

/** The inbox's mutation: it stores the integration, then asks the mailhook plugin for its side and secret. */
export const createIntegrationMutation: TypedDocumentNode<
  { integrationsCreateExternalIntegration: CreatedIntegration | null },
  { kind: string; name: string; data: { mailbox: string } }
> = gql`
  mutation MailhookCreateIntegration($kind: String!, $name: String!, $data: JSON) {
    integrationsCreateExternalIntegration(kind: $kind, name: $name, data: $data) {
      _id
      kind
      name
      webhookToken
    }
  }
`;

export interface MailAddress {
  name?: string;
  email: string;
}

export interface MailhookMessage {
  _id: string;
  title: string | null;
  mailData: { messageId: string; subject?: string; body?: string; from: MailAddress[]; to: MailAddress[]; cc: MailAddress[]; bcc: MailAddress[] } | null;
}

export const conversationDetailQuery: TypedDocumentNode<{ mailhookConversationDetail: MailhookMessage[] | null }, { conversationId: string }> = gql`
  query MailhookConversationDetail($conversationId: String!) {
    mailhookConversationDetail(conversationId: $conversationId) {
      _id
      title
      mailData
    }
  }
`;

export const accountsQuery: TypedDocumentNode<{ mailhookAccounts: Array<{ _id: string; name?: string }> | null }, Record<string, never>> = gql`
  query MailhookAccounts {
    mailhookAccounts
  }
`;
