import { gql, type TypedDocumentNode } from '@apollo/client';

export interface MessageStoredData {
  imapMessageStored: { _id: string; inboxConversationId: string } | null;
}

/** A mail of that conversation was stored: imapConversationDetail lists it from now on. */
export const messageStoredSubscription: TypedDocumentNode<MessageStoredData, { inboxConversationId: string }> = gql`
  subscription ImapMessageStored($inboxConversationId: String!) {
    imapMessageStored(inboxConversationId: $inboxConversationId) {
      _id
      inboxConversationId
    }
  }
`;
