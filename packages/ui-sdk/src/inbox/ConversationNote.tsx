import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Paper, Stack, Text } from '../components/mantine.js';
import type { InboxNote } from './integration-components.js';

/**
 * An internal note of the inbox among a conversation's messages (every integration's conversation view shows
 * them alike): yellow, labelled, never sent to the customer. The yellow is a tinted background and border
 * only; the text keeps the scheme's text colour, so it reads in the light and the dark scheme alike.
 */
export function ConversationNote({ note }: { note: InboxNote }) {
  const t = useMessages(sdkCatalogue);
  return (
    <Paper
      component="aside"
      withBorder
      p="md"
      bg="var(--mantine-color-yellow-light)"
      style={{ borderColor: 'var(--mantine-color-yellow-outline)', borderLeftWidth: 4 }}
      data-testid="conversation-note"
      aria-label={t('note.label')}
    >
      <Stack gap={4}>
        <Text size="xs" fw={700} tt="uppercase">
          {t('note.heading')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
      </Stack>
    </Paper>
  );
}
