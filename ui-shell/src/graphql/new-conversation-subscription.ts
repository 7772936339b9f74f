import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShellConversationChangedSubscription, ShellConversationChangedSubscriptionVariables } from './generated.js';

export type ChangedConversation = NonNullable<ShellConversationChangedSubscription['conversationChanged']>;

/** The inbox's live feed of created, updated and status-changed conversations (its `conversationChanged`). */
export const conversationChangedSubscription: TypedDocumentNode<ShellConversationChangedSubscription, ShellConversationChangedSubscriptionVariables> = gql`
  subscription ShellConversationChanged {
    conversationChanged {
      _id
      content
      status
      createdAt
    }
  }
`;
