import { Paper, Stack, Text, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from '../imap-catalogue.js';
import type { InboxNote } from '@lattice/ui-sdk';

/** An internal note of the inbox among the mails: yellow, labelled, never a mail. */
export function ConversationNote({ note }: { note: InboxNote }) {
  const t = useMessages(imapCatalogue);
  return (
    <Paper component="aside" withBorder p="md" bg="yellow.0" data-testid="conversation-note" aria-label={t('note.label')}>
      <Stack gap={4}>
        <Text size="xs" fw={700} c="yellow.9" tt="uppercase">
          {t('note.heading')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
      </Stack>
    </Paper>
  );
}
