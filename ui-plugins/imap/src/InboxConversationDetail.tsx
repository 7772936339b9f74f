import { useQuery } from '@apollo/client/react';
import { Alert, Stack, Text, graphQLErrorMessage, useMessages, type InboxConversationDetailProps } from '@lattice/ui-sdk';
import { imapCatalogue } from './imap-catalogue.js';
import { conversationDetailQuery } from './graphql/conversation-detail-query.js';
import { ConversationNote } from './components/ConversationNote.js';
import { ImapMessage } from './components/ImapMessage.js';
import { conversationTimeline } from './conversation-timeline.js';

/**
 * Exposed as `./inboxConversationDetail`: the mails of one inbox conversation and the inbox's notes, oldest
 * first. The inbox refreshes every active query when the open conversation changes, so new mails appear
 * without a reload.
 */
export default function ImapConversationDetail({ conversationId, notes, retryReply }: InboxConversationDetailProps) {
  const { data, loading, error } = useQuery(conversationDetailQuery, { variables: { conversationId } });
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
