import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, IconInbox, Link, NavLink, Skeleton, Stack, Text, Title, graphQLErrorMessage, useFormat, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from './inbox-catalogue.js';
import { conversationListQuery } from './graphql/conversation-queries.js';
import { formatWhen } from './format-when.js';
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
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconInbox size={20} aria-hidden />
        <Title order={3} size="h4">
          Inbox
        </Title>
      </Group>
      {error && !data && (
        <Alert color="red" title="Could not load the conversations" role="alert">
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
        <nav aria-label="Latest open conversations">
          {recent.map((conversation) => (
            <NavLink
              key={conversation._id}
              component={Link}
              to={`/inbox/?${inboxSearchParams({ integrationId: null, status: 'open', search: '', page: 1, conversationId: conversation._id })}`}
              data-testid="inbox-widget-conversation"
              label={conversation.content || '(no content)'}
              description={`${conversation.integration?.name ?? 'Unknown integration'} · ${formatWhen(conversation.updatedAt)}`}
            />
          ))}
        </nav>
      )}
      <Anchor component={Link} to="/inbox/" size="sm">
        Open the inbox
      </Anchor>
    </Stack>
  );
}
