import { gql, type TypedDocumentNode } from '@apollo/client';

export interface ChangedConversation {
  _id: string;
  content: string | null;
  status: 'open' | 'closed' | null;
  createdAt: string | null;
}

/** The inbox's live feed of created, updated and status-changed conversations (its `conversationChanged`). */
export const conversationChangedSubscription: TypedDocumentNode<{ conversationChanged: ChangedConversation | null }, Record<string, never>> = gql`
  subscription ShellConversationChanged {
    conversationChanged {
      _id
      content
      status
      createdAt
    }
  }
`;
