import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ImapConversationDetailQuery, ImapConversationDetailQueryVariables } from './generated.js';

/** One stored mail; `mailData` is JSON, read with `mailDataOf`. */
export type ImapMessageRow = NonNullable<NonNullable<ImapConversationDetailQuery['imapConversationDetail']>[number]>;

/** Every stored mail of one inbox conversation, oldest first (the server's order). */
export const conversationDetailQuery: TypedDocumentNode<ImapConversationDetailQuery, ImapConversationDetailQueryVariables> = gql`
  query ImapConversationDetail($conversationId: String!) {
    imapConversationDetail(conversationId: $conversationId) {
      _id
      title
      mailData
    }
  }
`;
