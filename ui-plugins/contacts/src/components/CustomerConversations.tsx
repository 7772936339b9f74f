import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Badge, Group, Link, Paper, Skeleton, Stack, Text, graphQLErrorMessage, useFormat, useMessages } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { conversationsShown, customerConversationsQuery } from '../graphql/customer-queries.js';

/**
 * The customer's conversations in the inbox, across every integration, newest activity first; each opens in
 * the inbox. Its own query: without the inbox the rest of the page still works, and this says why not.
 */
export function CustomerConversations({ customerId }: { customerId: string }) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const { data, error } = useQuery(customerConversationsQuery, {
    variables: { customerId, perPage: conversationsShown },
    fetchPolicy: 'cache-and-network',
  });
  if (error && !data) {
    return (
      <Alert color="red" role="alert" title={t('conversations.loadFailed')}>
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return <Skeleton height={60} />;
  const conversations = (data.conversations ?? []).filter((conversation) => conversation !== null);
  const count = data.conversationsTotalCount ?? conversations.length;
  if (conversations.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('conversations.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-label={t('conversations.label')}>
      <Text size="sm" c="dimmed" data-testid="customer-conversations-count">
        {t('conversations.count', { count })}
        {count > conversations.length ? ` ${t('conversations.more', { shown: conversations.length, count })}` : ''}
      </Text>
      {conversations.map((conversation) => (
        <Paper key={conversation._id} withBorder p="sm" data-testid="customer-conversation">
          <Stack gap={4}>
            <Anchor component={Link} to={`/inbox/?status=all&conversation=${conversation._id}`} fw={500} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {conversation.content?.trim() || t('conversations.noText')}
            </Anchor>
            <Group gap="xs" wrap="wrap">
              {conversation.status && (
                <Badge size="sm" variant="light" color={conversation.status === 'open' ? 'blue' : 'gray'}>
                  {t(conversation.status === 'open' ? 'conversations.status.open' : 'conversations.status.closed')}
                </Badge>
              )}
              {conversation.integration?.name && (
                <Text size="xs" c="dimmed">
                  {t('conversations.via', { integration: conversation.integration.name })}
                </Text>
              )}
              {conversation.updatedAt && (
                <Text size="xs" c="dimmed">
                  {t('conversations.updated', { date: format.dateTime(conversation.updatedAt) })}
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
