import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, IconInbox, Link, NavLink, Skeleton, Stack, Text, Title, graphQLErrorMessage, useFormat, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from './inbox-catalogue.js';
import { conversationListQuery } from './graphql/conversation-queries.js';
import { useFormatWhen } from './format-when.js';
import { inboxSearchParams } from './inbox-filters.js';

const recentCount = 5;
const openConversations = { integrationId: null, status: 'open' as const, searchValue: null, page: 1, perPage: recentCount };

/** Exposed as `./dashboardWidget`: on the home page, how many conversations are open and the latest of them. */
export default function InboxDashboardWidget() {
  const { data, error } = useQuery(conversationListQuery, { variables: openConversations, fetchPolicy: 'cache-and-network' });
  const open = data?.conversationsTotalCount;
  const recent = data?.conversations ?? null;
  const t = useMessages(inboxCatalogue);
  const format = useFormat();
  const when = useFormatWhen();
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconInbox size={20} aria-hidden />
        <Title order={3} size="h4">
          {t('widget.title')}
        </Title>
      </Group>
      {error && !data && (
        <Alert color="red" title={t('widget.loadFailed')} role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {!data && !error && <Skeleton height={48} />}
      {open != null && (
        <Stack gap={0}>
          <Text size="xl" fw={700} data-testid="inbox-widget-open">
            {format.number(open)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('widget.openConversations', { count: open })}
          </Text>
        </Stack>
      )}
      {recent && recent.length > 0 && (
        <nav aria-label={t('widget.latest')}>
          {recent.map((conversation) => (
            <NavLink
              key={conversation._id}
              component={Link}
              to={`/inbox/?${inboxSearchParams({ integrationId: null, status: 'open', search: '', page: 1, conversationId: conversation._id })}`}
              data-testid="inbox-widget-conversation"
              label={conversation.content || t('conversation.noContent')}
              description={t('conversation.where', { integration: conversation.integration?.name ?? t('conversation.unknownIntegration'), when: when(conversation.updatedAt) })}
            />
          ))}
        </nav>
      )}
      <Anchor component={Link} to="/inbox/" size="sm">
        {t('widget.openInbox')}
      </Anchor>
    </Stack>
  );
}
