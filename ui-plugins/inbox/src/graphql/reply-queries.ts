import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  InboxConversationNoteAddMutation,
  InboxConversationNoteAddMutationVariables,
  InboxConversationNotesQuery,
  InboxConversationNotesQueryVariables,
  InboxConversationReplyMutation,
  InboxConversationReplyMutationVariables,
  PresentItems,
} from './generated.js';

export type ConversationReplyResult = NonNullable<InboxConversationReplyMutation['conversationReply']>;
export type ReplyState = ConversationReplyResult['state'];

/** Sends a reply through the conversation's integration; the same idempotencyKey never sends twice. */
export const conversationReplyMutation: TypedDocumentNode<InboxConversationReplyMutation, InboxConversationReplyMutationVariables> = gql`
  mutation InboxConversationReply($conversationId: String!, $content: String!, $idempotencyKey: String) {
    conversationReply(conversationId: $conversationId, content: $content, idempotencyKey: $idempotencyKey) {
      _id
      conversationId
      state
      error
    }
  }
`;

export const conversationNoteAddMutation: TypedDocumentNode<InboxConversationNoteAddMutation, InboxConversationNoteAddMutationVariables> = gql`
  mutation InboxConversationNoteAdd($conversationId: String!, $content: String!) {
    conversationNoteAdd(conversationId: $conversationId, content: $content) {
      _id
    }
  }
`;

/** The messages the inbox keeps for a conversation; the notes among them go to the kind's view. */
export const conversationNotesQuery: TypedDocumentNode<PresentItems<InboxConversationNotesQuery>, InboxConversationNotesQueryVariables> = gql`
  query InboxConversationNotes($conversationId: String!) {
    conversationMessages(conversationId: $conversationId) {
      _id
      content
      createdAt
      userId
      internal
    }
  }
`;
