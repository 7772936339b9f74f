import { useQuery } from '@apollo/client/react';
import { Alert, Stack, Text, graphQLErrorMessage, type InboxConversationDetailProps } from '@lattice/ui-sdk';
import { conversationDetailQuery, type ImapMessageRow } from './graphql/conversation-detail-query.js';
import { ImapMessage } from './components/ImapMessage.js';

const isMessage = (row: ImapMessageRow | null): row is ImapMessageRow => row !== null;

/**
 * Exposed as `./inboxConversationDetail`: the mails of one inbox conversation, oldest first. The inbox
 * refreshes every active query when the open conversation changes, so new mails appear without a reload.
 */
export default function ImapConversationDetail({ conversationId }: InboxConversationDetailProps) {
  const { data, loading, error } = useQuery(conversationDetailQuery, { variables: { conversationId } });

  if (error && !data) {
    return (
      <Alert color="red" title="Could not load the messages" role="alert">
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return loading ? <Text c="dimmed">Loading messages…</Text> : null;
  const messages = (data.imapConversationDetail ?? []).filter(isMessage);
  if (messages.length === 0) {
    return (
      <Text c="dimmed" data-testid="imap-messages-empty">
        No messages stored for this conversation
      </Text>
    );
  }
  return (
    <Stack data-testid="imap-messages">
      {messages.map((message) => (
        <ImapMessage key={message._id} message={message} />
      ))}
    </Stack>
  );
}
