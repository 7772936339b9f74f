import { Paper, Stack, Text, useMessages, type InboxNote } from '@lattice/ui-sdk';
import { messengerCatalogue } from '../messenger-catalogue.js';

/** An internal note of the inbox among the chat: yellow, labelled, never sent to the visitor. */
export function ConversationNote({ note }: { note: InboxNote }) {
  const t = useMessages(messengerCatalogue);
  return (
    <Paper component="aside" withBorder p="sm" bg="yellow.0" data-testid="conversation-note" aria-label={t('note.label')}>
      <Stack gap={4}>
        <Text size="xs" fw={700} c="yellow.9" tt="uppercase">
          {t('note.heading')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
      </Stack>
    </Paper>
  );
}
