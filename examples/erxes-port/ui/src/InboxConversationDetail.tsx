import { useQuery } from '@apollo/client/react';
import { Alert, ConversationNote, Stack, Text, graphQLErrorMessage, type InboxConversationDetailProps } from '@lattice/ui-sdk';
import { conversationDetailQuery, type MailAddress } from './graphql.js';

// erxes: the template's `./inboxConversationDetail` (configs.js exposes it; the inbox renders it for a
// conversation of this kind). The body is shown as text: rendering a channel's HTML needs sanitising first
// (the imap remote does it with DOMPurify).

const names = (list: MailAddress[]) => list.map(({ name, email }) => (name ? `${name} <${email}>` : email)).join(', ');

/** Exposed as `./inboxConversationDetail`: the messages of one conversation, oldest first, then the inbox's notes. */
export default function MailhookConversationDetail({ conversationId, notes }: InboxConversationDetailProps) {
  const { data, loading, error } = useQuery(conversationDetailQuery, { variables: { conversationId } });
  if (error && !data) {
    return (
      <Alert color="red" title="The messages did not load" role="alert">
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return loading ? <Text c="dimmed">Loading messages…</Text> : null;
  const messages = data.mailhookConversationDetail ?? [];
  return (
    <Stack data-testid="mailhook-messages">
      {messages.length === 0 && <Text c="dimmed">No messages yet</Text>}
      {messages.map(({ _id, title, mailData }) => (
        <Stack key={_id} gap={2}>
          <Text fw={600}>{title ?? '(no subject)'}</Text>
          <Text size="sm" c="dimmed">
            From {names(mailData?.from ?? [])}
            {mailData?.to.length ? ` to ${names(mailData.to)}` : ''}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{mailData?.body ?? ''}</Text>
        </Stack>
      ))}
      {(notes ?? []).map((note) => (
        <ConversationNote key={`note-${note._id}`} note={note} />
      ))}
    </Stack>
  );
}
