import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ImapMessageStoredSubscription, ImapMessageStoredSubscriptionVariables } from './generated.js';

/** A mail of that conversation was stored: imapConversationDetail lists it from now on. */
export const messageStoredSubscription: TypedDocumentNode<ImapMessageStoredSubscription, ImapMessageStoredSubscriptionVariables> = gql`
  subscription ImapMessageStored($inboxConversationId: String!) {
    imapMessageStored(inboxConversationId: $inboxConversationId) {
      _id
      inboxConversationId
    }
  }
`;
