import { Paper, Stack, Text } from '@lattice/ui-sdk';
import type { InboxNote } from '@lattice/ui-sdk';

/** An internal note of the inbox among the mails: yellow, labelled, never a mail. */
export function ConversationNote({ note }: { note: InboxNote }) {
  return (
    <Paper component="aside" withBorder p="md" bg="yellow.0" data-testid="conversation-note" aria-label="Internal note">
      <Stack gap={4}>
        <Text size="xs" fw={700} c="yellow.9" tt="uppercase">
          Internal note · not sent to the customer
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
      </Stack>
    </Paper>
  );
}
