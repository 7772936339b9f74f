import { gql, type TypedDocumentNode } from '@apollo/client';

/** One stored mail; `mailData` is JSON, read with `mailDataOf`. */
export interface ImapMessageRow {
  _id: string;
  title: string | null;
  mailData: unknown;
}

export interface ConversationDetailData {
  imapConversationDetail: Array<ImapMessageRow | null> | null;
}

/** Every stored mail of one inbox conversation, oldest first (the server's order). */
export const conversationDetailQuery: TypedDocumentNode<ConversationDetailData, { conversationId: string }> = gql`
  query ImapConversationDetail($conversationId: String!) {
    imapConversationDetail(conversationId: $conversationId) {
      _id
      title
      mailData
    }
  }
`;
