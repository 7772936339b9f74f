import { useEffect, useState } from 'react';
import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { Alert, ConversationNote, Stack, Text, graphQLErrorMessage, refetchAfterEvent, useMessages, type InboxConversationDetailProps } from '@lattice/ui-sdk';
import { conversationDetailQuery, conversationEventSubscription, markReadMutation } from './graphql/messenger-operations.js';
import { messengerCatalogue } from './messenger-catalogue.js';
import { ChatMessage } from './components/ChatMessage.js';

/**
 * Exposed as `./inboxConversationDetail`: the visitor's chat, the inbox's notes among it by time. A new message,
 * the visitor typing and the visitor reading the replies arrive over `messengerConversationEvent`; what the agent
 * sees here is marked read for the visitor.
 */
export default function MessengerConversationDetail({ conversationId, notes }: InboxConversationDetailProps) {
  const t = useMessages(messengerCatalogue);
  const client = useApolloClient();
  const [typing, setTyping] = useState(false);
  const { data, error, observable } = useQuery(conversationDetailQuery, { variables: { conversationId } });
  const [markRead] = useMutation(markReadMutation);
  useSubscription(conversationEventSubscription, {
    variables: { inboxConversationId: conversationId },
    onData: ({ data: event }) => {
      const type = event.data?.messengerConversationEvent?.type;
      if (type === 'typing') setTyping(!!event.data?.messengerConversationEvent?.typing);
      else {
        if (type === 'message') setTyping(false);
        void refetchAfterEvent(client, [observable]);
      }
    },
  });
  const rows = (data?.messengerConversationDetail ?? []).filter((row) => row !== null);
  const unread = rows.length;
  useEffect(() => {
    if (unread > 0) void markRead({ variables: { conversationId } }).catch(() => undefined);
  }, [unread, conversationId, markRead]);

  if (error && !data) {
    return (
      <Alert color="red" title={t('messages.loadFailed')} role="alert">
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return <Text c="dimmed">{t('messages.loading')}</Text>;
  const email = data.messengerVisitor?.email;
  const entries = [
    ...rows.map((row) => ({ at: Date.parse(String((row.mailData as { createdAt?: string } | null)?.createdAt ?? '')) || 0, row, note: null })),
    ...(notes ?? []).map((note) => ({ at: Date.parse(note.createdAt ?? '') || 0, row: null, note })),
  ].sort((a, b) => a.at - b.at);
  return (
    <Stack data-testid="messenger-messages" gap="sm">
      <Text size="sm" c="dimmed" data-testid="messenger-visitor-email">
        {email ? t('messages.email', { email }) : t('messages.noEmail')}
      </Text>
      {entries.length === 0 && <Text c="dimmed">{t('messages.empty')}</Text>}
      {entries.map((entry) =>
        entry.row ? <ChatMessage key={entry.row._id} row={entry.row} /> : <ConversationNote key={`note-${entry.note!._id}`} note={entry.note!} />,
      )}
      {typing && (
        <Text size="sm" c="dimmed" fs="italic" aria-live="polite" data-testid="messenger-visitor-typing">
          {t('messages.typing')}
        </Text>
      )}
    </Stack>
  );
}
