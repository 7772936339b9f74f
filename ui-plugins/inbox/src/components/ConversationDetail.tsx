import { useCallback, useMemo, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import {
  ActivityHistory,
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  IntegrationComponent,
  Stack,
  Tabs,
  Text,
  Title,
  graphQLErrorMessage,
  refetchAfterEvent,
  type InboxNote,
  type InboxReplyRetry,
  useCan,
  useMessages,
} from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import { changeStatusMutation, conversationDetailQuery } from '../graphql/conversation-queries.js';
import { conversationNotesQuery, conversationReplyMutation } from '../graphql/reply-queries.js';
import { useFormatWhen } from '../format-when.js';
import { CustomerLine } from './CustomerLine.js';
import { ReplyComposer } from './ReplyComposer.js';

/**
 * One conversation: who and when, its status with the button that changes it, the integration's own view
 * (with the inbox's notes among its messages) and the composer, and the conversation's History beside them.
 */
export function ConversationDetail({ conversationId }: { conversationId: string }) {
  const { data, loading, error } = useQuery(conversationDetailQuery, { variables: { _id: conversationId } });
  const { data: kept } = useQuery(conversationNotesQuery, { variables: { conversationId } });
  const [changeStatus, { loading: changing }] = useMutation(changeStatusMutation);
  const [sendReply] = useMutation(conversationReplyMutation);
  const client = useApolloClient();
  const notes = useMemo(() => (kept?.conversationMessages ?? []).filter((message): message is InboxNote & { internal: true } => Boolean(message.internal) && message.content !== null), [kept]);
  const retryReply = useCallback(
    async (retry: InboxReplyRetry) => {
      try {
        await sendReply({ variables: { conversationId, ...retry } });
      } finally {
        // Read after the retry: not shared with a request of the page already on its way.
        await refetchAfterEvent(client);
      }
    },
    [client, conversationId, sendReply],
  );
  const [failure, setFailure] = useState<string | null>(null);
  // Without the reply permission the kind's view offers no Retry of a failed reply.
  const canReply = useCan('inbox:replyToConversations');
  const conversation = data?.conversationDetail;
  const t = useMessages(inboxCatalogue);
  const when = useFormatWhen();

  if (error && !conversation) {
    return (
      <Alert color="red" title={t('detail.loadFailed')} role="alert">
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!conversation) return loading ? <Text c="dimmed">{t('detail.loading')}</Text> : null;

  const closed = conversation.status === 'closed';
  const toggle = async () => {
    setFailure(null);
    try {
      await changeStatus({ variables: { _ids: [conversation._id], status: closed ? 'open' : 'closed' } });
    } catch (reason) {
      setFailure(graphQLErrorMessage(reason));
    }
  };
  return (
    <Stack data-testid="conversation-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={3}>{conversation.content || t('conversation.noContent')}</Title>
          {conversation.customerId && <CustomerLine customerId={conversation.customerId} />}
          <Text size="sm" c="dimmed">
            {t('detail.dates', {
              integration: conversation.integration?.name ?? t('conversation.unknownIntegration'),
              started: when(conversation.createdAt),
              updated: when(conversation.updatedAt),
            })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Badge variant="light" color={closed ? 'gray' : 'green'} data-testid="conversation-status">
            {closed ? t('status.closed') : t('status.open')}
          </Badge>
          <Button size="xs" variant="light" loading={changing} onClick={() => void toggle()}>
            {closed ? t('detail.reopen') : t('detail.close')}
          </Button>
        </Group>
      </Group>
      {failure && (
        <Alert color="red" title={t('detail.statusFailed')} role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {/* The History tab is read when opened; the messages stay the default view. */}
      <Tabs defaultValue="messages" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="messages">{t('detail.messages')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('detail.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="messages" pt="sm">
          <Stack>
            {conversation.integration?.kind && conversation.integrationId ? (
              <IntegrationComponent
                kind={conversation.integration.kind}
                slot="inboxConversationDetail"
                props={{ conversationId: conversation._id, integrationId: conversation.integrationId, notes, retryReply: canReply ? retryReply : undefined }}
              />
            ) : (
              <Text c="dimmed">{t('detail.integrationGone')}</Text>
            )}
            <Divider />
            <ReplyComposer conversationId={conversation._id} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <ActivityHistory contentType="inbox:conversation" contentId={conversation._id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
