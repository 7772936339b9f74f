import { Badge, NavLink, Stack, Text, useMessages } from '@lattice/ui-sdk';
import { customerLabel } from '../customer-label.js';
import type { ConversationRow } from '../graphql/conversation-queries.js';
import { useFormatWhen } from '../format-when.js';
import { inboxCatalogue } from '../inbox-catalogue.js';

interface ConversationListProps {
  conversations: ConversationRow[] | null;
  selectedId: string | null;
  onSelect: (conversationId: string) => void;
}

export function ConversationList({ conversations, selectedId, onSelect }: ConversationListProps) {
  const t = useMessages(inboxCatalogue);
  const when = useFormatWhen();
  if (!conversations) return null;
  if (conversations.length === 0) {
    return (
      <Text c="dimmed" data-testid="conversations-empty">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <nav aria-label={t('list.label')}>
      {conversations.map((conversation) => (
        <NavLink
          key={conversation._id}
          component="button"
          data-testid="conversation-row"
          active={conversation._id === selectedId}
          aria-current={conversation._id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(conversation._id)}
          label={conversation.content || t('conversation.noContent')}
          description={
            <Stack gap={0} component="span">
              {customerLabel(conversation.customer) && (
                <Text span size="xs" fw={500} c="bright" data-testid="conversation-sender">
                  {customerLabel(conversation.customer)}
                </Text>
              )}
              <Text span size="xs" c="dimmed">{t('conversation.where', { integration: conversation.integration?.name ?? t('conversation.unknownIntegration'), when: when(conversation.updatedAt) })}</Text>
            </Stack>
          }
          rightSection={
            <Badge size="sm" variant="light" color={conversation.status === 'closed' ? 'gray' : 'green'}>
              {conversation.status === 'closed' ? t('status.closed') : t('status.open')}
            </Badge>
          }
        />
      ))}
    </nav>
  );
}
