import { useState } from 'react';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Flex,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  graphQLErrorMessage,
  refetchAfterEvent,
  useMessages,
  usePageTitle,
  useSearchParams,
} from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import { conversationChangedSubscription, conversationListQuery, conversationListWithCustomersQuery } from '../graphql/conversation-queries.js';
import { customerFieldsMissing } from '../customer-label.js';
import { ConversationSearch } from '../components/ConversationSearch.js';
import { conversationListVariables, inboxSearchParams, pageCount, readInboxFilters, type InboxFilters, type StatusFilter } from '../inbox-filters.js';
import { ConversationList } from '../components/ConversationList.js';
import { ConversationDetail } from '../components/ConversationDetail.js';

const perPage = 20;

/**
 * /inbox/: conversations on the left (search, filter, pages, each with its sender), the selected one on the
 * right; both follow changes live. Without the contacts plugin the list is asked for without senders.
 */
export function InboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readInboxFilters(searchParams);
  const t = useMessages(inboxCatalogue);
  usePageTitle(t('inbox.title'));
  const client = useApolloClient();
  const [withSenders, setWithSenders] = useState(true);
  const { data, previousData, loading, error, observable } = useQuery(withSenders ? conversationListWithCustomersQuery : conversationListQuery, {
    variables: conversationListVariables(filters, perPage),
  });
  if (withSenders && error && customerFieldsMissing(error)) setWithSenders(false);
  useSubscription(conversationChangedSubscription, {
    onData: ({ data: event }) => {
      // A change to the open conversation may be a new message in the integration's own detail view,
      // which the inbox cannot name: refresh every active query. Otherwise the list (order, new ones) only.
      // Either way the answer is read after the event, not shared with a request already on its way.
      if (event.data?.conversationChanged?._id === filters.conversationId) void refetchAfterEvent(client);
      else void refetchAfterEvent(client, [observable]);
    },
  });
  const shown = data ?? previousData;
  const total = shown?.conversationsTotalCount ?? 0;
  const pages = pageCount(total, perPage);
  const show = (change: Partial<InboxFilters>) => setSearchParams(inboxSearchParams({ ...filters, ...change }));
  // On a phone (below Mantine's `sm`) the list and the open conversation are two screens, so neither is
  // squeezed or pushes the page sideways; from `sm` up they stand side by side.
  const conversationOpen = Boolean(filters.conversationId);

  return (
    <Flex gap="lg" align="flex-start" wrap="wrap">
      <Stack w={{ base: '100%', sm: 400 }} display={{ base: conversationOpen ? 'none' : 'flex', sm: 'flex' }} data-testid="inbox-list-pane">
        <Group justify="space-between">
          <Title order={2}>{t('inbox.title')}</Title>
          <Badge variant="light" size="lg" data-testid="conversations-total-count">
            {shown ? t('inbox.count', { count: total }) : '…'}
          </Badge>
        </Group>
        <ConversationSearch value={filters.search} onSearch={(search) => show({ search, page: 1, conversationId: null })} />
        <Group grow>
          <NativeSelect
            label={t('filter.integration')}
            value={filters.integrationId ?? ''}
            onChange={(event) => show({ integrationId: event.currentTarget.value || null, page: 1, conversationId: null })}
            data={[
              { value: '', label: t('filter.allIntegrations') },
              ...(shown?.integrations ?? []).map((integration) => ({ value: integration._id, label: integration.name ?? integration._id })),
            ]}
          />
          <NativeSelect
            label={t('filter.status')}
            value={filters.status}
            onChange={(event) => show({ status: event.currentTarget.value as StatusFilter, page: 1 })}
            data={[
              { value: 'open', label: t('status.open') },
              { value: 'closed', label: t('status.closed') },
              { value: 'all', label: t('status.all') },
            ]}
          />
        </Group>
        {error && !shown && (
          <Alert color="red" title={t('inbox.loadFailed')} role="alert">
            {graphQLErrorMessage(error)}
          </Alert>
        )}
        <ConversationList
          conversations={shown?.conversations ?? null}
          selectedId={filters.conversationId}
          onSelect={(conversationId) => show({ conversationId })}
        />
        {pages > 1 && (
          <Group justify="space-between">
            <Button variant="default" size="xs" disabled={filters.page <= 1} onClick={() => show({ page: filters.page - 1 })}>
              {t('paging.newer')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('paging.position', { page: filters.page, pages })}
            </Text>
            <Button variant="default" size="xs" disabled={filters.page >= pages} onClick={() => show({ page: filters.page + 1 })}>
              {t('paging.older')}
            </Button>
          </Group>
        )}
        {loading && !shown && <Text c="dimmed">{t('inbox.loading')}</Text>}
      </Stack>
      <Paper
        withBorder
        p="md"
        flex={1}
        miw={{ base: 0, sm: 420 }}
        maw="100%"
        display={{ base: conversationOpen ? 'block' : 'none', sm: 'block' }}
        data-testid="inbox-conversation-pane"
      >
        {filters.conversationId ? (
          <Stack gap="xs">
            <Group hiddenFrom="sm">
              <Button variant="subtle" size="compact-sm" onClick={() => show({ conversationId: null })}>
                {t('inbox.backToList')}
              </Button>
            </Group>
            <ConversationDetail conversationId={filters.conversationId} />
          </Stack>
        ) : (
          <Text c="dimmed">{t('inbox.selectConversation')}</Text>
        )}
      </Paper>
    </Flex>
  );
}
