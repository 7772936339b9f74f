import { Badge, NavLink, Stack, Text } from '@lattice/ui-sdk';
import { customerLabel } from '../customer-label.js';
import type { ConversationRow } from '../graphql/conversation-queries.js';
import { formatWhen } from '../format-when.js';

interface ConversationListProps {
  conversations: ConversationRow[] | null;
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
}

export function ConversationList({ conversations, selectedId, onSelect }: ConversationListProps) {
  if (!conversations) return null;
  if (conversations.length === 0) {
    return (
      <Text c="dimmed" data-testid="conversations-empty">
        No conversations here.
      </Text>
    );
  }
  return (
    <nav aria-label="Conversations">
      {conversations.map((conversation) => (
        <NavLink
          key={conversation._id}
          component="button"
          data-testid="conversation-row"
          active={conversation._id === selectedId}
          aria-current={conversation._id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(conversation._id)}
          label={conversation.content || '(no content)'}
          description={
            <Stack gap={0} component="span">
              {customerLabel(conversation.customer) && (
                <Text span size="xs" fw={500} c="dark" data-testid="conversation-sender">
                  {customerLabel(conversation.customer)}
                </Text>
              )}
              <Text span size="xs" c="dimmed">{`${conversation.integration?.name ?? 'Unknown integration'} · ${formatWhen(conversation.updatedAt)}`}</Text>
            </Stack>
          }
          rightSection={
            <Badge size="sm" variant="light" color={conversation.status === 'closed' ? 'gray' : 'green'}>
              {conversation.status ?? 'open'}
            </Badge>
          }
        />
      ))}
    </nav>
  );
}
