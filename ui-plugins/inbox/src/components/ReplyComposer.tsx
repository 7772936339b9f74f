import { useState, type KeyboardEvent } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Stack, Tabs, Text, Textarea, graphQLErrorMessage, refetchAfterEvent, useCan, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import { conversationNoteAddMutation, conversationReplyMutation } from '../graphql/reply-queries.js';

type Mode = 'reply' | 'note';

/** One key per reply the user composes: a double click or a retry of the same reply sends it once. */
const newKey = () => crypto.randomUUID();

/**
 * Under the conversation: a reply to the customer (sent through the integration) or an internal note (kept
 * by the inbox). Ctrl+Enter sends; the button is disabled while sending; the server's refusal stays shown.
 * A reply the channel refused is stored as failed: the kind's view shows it with its reason and a Retry.
 * Only what the user's permissions allow is offered: a member, who may not reply, writes notes.
 */
export function ReplyComposer({ conversationId }: { conversationId: string }) {
  const canReply = useCan('inbox:replyToConversations');
  const canNote = useCan('inbox:addNotes');
  if (!canReply && !canNote) return null;
  return <Composer conversationId={conversationId} modes={canReply && canNote ? ['reply', 'note'] : [canReply ? 'reply' : 'note']} />;
}

function Composer({ conversationId, modes }: { conversationId: string; modes: Mode[] }) {
  const client = useApolloClient();
  const t = useMessages(inboxCatalogue);
  const [chosen, setMode] = useState<Mode>(modes[0] ?? 'note');
  const mode = modes.includes(chosen) ? chosen : (modes[0] ?? 'note');
  const [text, setText] = useState('');
  const [key, setKey] = useState(newKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sendReply, { loading: replying }] = useMutation(conversationReplyMutation);
  const [addNote, { loading: noting }] = useMutation(conversationNoteAddMutation);
  const sending = replying || noting;

  const send = async () => {
    if (sending) return;
    setRefusal(null);
    try {
      if (mode === 'note') await addNote({ variables: { conversationId, content: text } });
      else await sendReply({ variables: { conversationId, content: text, idempotencyKey: key } });
      setText('');
      setKey(newKey());
    } catch (error) {
      setRefusal(graphQLErrorMessage(error));
    }
    // Read after the mutation: refetchQueries may join an identical request sent before it.
    await refetchAfterEvent(client);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap="xs" data-testid="reply-composer">
      <Tabs value={mode} onChange={(value) => setMode(value === 'note' ? 'note' : 'reply')}>
        <Tabs.List>
          {modes.includes('reply') && <Tabs.Tab value="reply">{t('composer.replyTab')}</Tabs.Tab>}
          {modes.includes('note') && <Tabs.Tab value="note">{t('composer.noteTab')}</Tabs.Tab>}
        </Tabs.List>
      </Tabs>
      <Textarea
        aria-label={mode === 'note' ? t('composer.noteBox') : t('composer.replyBox')}
        placeholder={mode === 'note' ? t('composer.notePlaceholder') : t('composer.replyPlaceholder')}
        autosize
        minRows={3}
        maxRows={12}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={sending}
        styles={mode === 'note' ? { input: { backgroundColor: 'var(--mantine-color-yellow-0)' } } : undefined}
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('composer.shortcut')}
        </Text>
        <Button onClick={() => void send()} loading={sending} disabled={sending || text.trim() === ''} color={mode === 'note' ? 'yellow' : undefined}>
          {mode === 'note' ? t('composer.addNote') : t('composer.sendReply')}
        </Button>
      </Group>
      {refusal && (
        <Alert color="red" title={mode === 'note' ? t('composer.noteFailed') : t('composer.replyFailed')} role="alert" withCloseButton onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
