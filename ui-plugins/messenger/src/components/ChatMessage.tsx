import { Group, Paper, Stack, Text, useFormat, useMessages } from '@lattice/ui-sdk';
import type { MessengerMessageRow } from '../graphql/messenger-operations.js';
import { messengerCatalogue } from '../messenger-catalogue.js';
import { messengerMessageOf } from '../messenger-message.js';

/** One chat message: the visitor's on the left, the agents' replies in blue on the right with "Seen" once read. */
export function ChatMessage({ row }: { row: MessengerMessageRow }) {
  const t = useMessages(messengerCatalogue);
  const format = useFormat();
  const message = messengerMessageOf(row.mailData);
  return (
    <Paper
      component="article"
      withBorder
      p="sm"
      ml={message.outgoing ? 'xl' : 0}
      mr={message.outgoing ? 0 : 'xl'}
      bg={message.outgoing ? 'blue.0' : undefined}
      data-testid="messenger-message"
      data-direction={message.outgoing ? 'outgoing' : 'incoming'}
    >
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="xs" fw={700}>
            {message.outgoing ? t('messages.agent') : t('messages.visitor')}
          </Text>
          <Group gap="xs">
            {message.createdAt && (
              <Text component="time" dateTime={message.createdAt} size="xs" c="dimmed">
                {format.dateTime(message.createdAt)}
              </Text>
            )}
            {message.outgoing && message.readAt && (
              <Text size="xs" c="blue" data-testid="messenger-message-seen">
                {t('messages.seen')}
              </Text>
            )}
          </Group>
        </Group>
        <Text data-testid="messenger-message-body" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        {message.attachments.map((file) => (
          <Text key={file.filename} size="sm" c="dimmed">
            📎 {file.filename} ({format.number(file.size)} B)
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
