import type { SearchDeclaration } from '@lattice/plugin-sdk';

/**
 * Conversations are found by their latest text and what their filed messages brought (sender, subject, body:
 * `searchTexts`); the messages users write in the inbox by their text. Both open the conversation.
 */
export const searchDeclarations: readonly SearchDeclaration[] = [
  {
    type: 'conversation',
    collection: 'conversations',
    fields: { content: 2, searchTexts: 1 },
    title: ['content'],
    permission: 'inbox:showConversations',
    url: '/inbox/?conversation={_id}',
  },
  {
    type: 'message',
    collection: 'conversation_messages',
    fields: { content: 1 },
    title: ['content'],
    permission: 'inbox:showConversations',
    url: '/inbox/?conversation={conversationId}',
  },
];
