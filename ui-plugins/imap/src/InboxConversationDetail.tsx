import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { Alert, ConversationNote, Stack, Text, graphQLErrorMessage, refetchAfterEvent, useMessages, type InboxConversationDetailProps } from '@lattice/ui-sdk';
import { imapCatalogue } from './imap-catalogue.js';
import { conversationDetailQuery } from './graphql/conversation-detail-query.js';
import { messageStoredSubscription } from './graphql/message-stored-subscription.js';
import { ImapMessage } from './components/ImapMessage.js';
import { conversationTimeline } from './conversation-timeline.js';

/**
 * Exposed as `./inboxConversationDetail`: the mails of one inbox conversation and the inbox's notes, oldest
 * first. A received mail appears without a reload: the inbox's refetch on `conversationChanged` may be
 * answered before the mail is stored, so the view asks again on `imapMessageStored`, sent once it is.
 */
export default function ImapConversationDetail({ conversationId, notes, retryReply }: InboxConversationDetailProps) {
  const client = useApolloClient();
  const { data, loading, error, observable } = useQuery(conversationDetailQuery, { variables: { conversationId } });
  useSubscription(messageStoredSubscription, {
    variables: { inboxConversationId: conversationId },
    onData: () => void refetchAfterEvent(client, [observable]),
  });
  const t = useMessages(imapCatalogue);

  if (error && !data) {
    return (
      <Alert color="red" title={t('messages.loadFailed')} role="alert">
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return loading ? <Text c="dimmed">{t('messages.loading')}</Text> : null;
  const timeline = conversationTimeline(data.imapConversationDetail ?? [], notes ?? []);
  if (timeline.length === 0) {
    return (
      <Text c="dimmed" data-testid="imap-messages-empty">
        {t('messages.empty')}
      </Text>
    );
  }
  return (
    <Stack data-testid="imap-messages">
      {timeline.map((entry) =>
        entry.kind === 'note' ? (
          <ConversationNote key={`note-${entry.note._id}`} note={entry.note} />
        ) : (
          <ImapMessage key={entry.message._id} message={entry.message} retryReply={retryReply} />
        ),
      )}
    </Stack>
  );
}
