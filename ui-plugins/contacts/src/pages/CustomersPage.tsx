import { useEffect } from 'react';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Group, Pagination, Paper, Stack, Title, graphQLErrorMessage, useMessages, usePageTitle, useSearchParams } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { CustomerSearch } from '../components/CustomerSearch.js';
import { CustomerTable } from '../components/CustomerTable.js';
import { customersPageQuery, customersPageVariables, type SortField } from '../graphql/customers-page-query.js';

const pageControlLabels = { first: 'list.page.first', previous: 'list.page.previous', next: 'list.page.next', last: 'list.page.last' } as const;

// Whenever the search, order or page changes, what is cached shows at once and is refreshed.
function refreshOnChange(current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy {
  return reason === 'variables-changed' ? 'cache-and-network' : current;
}

/**
 * /contacts/?q=<search>&sort=<field>&dir=desc&page=<n>: the URL holds the search, the order and the page, so
 * reload and back/forward keep them (as the documents page does).
 */
export function CustomersPage() {
  const t = useMessages(catalogue);
  usePageTitle(t('page.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const variables = customersPageVariables(searchParams);
  const { searchValue, sortField, sortDirection, page, perPage } = variables;
  const { data, previousData, error } = useQuery(customersPageQuery, { variables, fetchPolicy: 'cache-and-network', nextFetchPolicy: refreshOnChange });
  const shown = data ?? previousData;
  const filtered = Boolean(searchValue);
  const total = shown?.customersTotalCount;
  const matching = shown?.matchingCount;
  const pageCount = Math.max(1, Math.ceil((matching ?? 0) / perPage));

  // Changes one part of the URL; any change but the page itself starts again from page 1. Typing a search
  // (and correcting the page) replaces the history entry instead of adding one.
  function change(next: Record<string, string | null>, replace = 'q' in next) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) params.set(key, value);
          else params.delete(key);
        }
        if (!('page' in next)) params.delete('page');
        return params;
      },
      { replace },
    );
  }
  // A page past the end (an old link, customers merged away): go to the last page there is.
  const pastTheEnd = data != null && matching != null && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) change({ page: pageCount > 1 ? String(pageCount) : null }, true);
    // change() is a new function each render; the page count is what matters here.
  }, [pastTheEnd, pageCount]);
  const sortBy = (field: SortField) => change({ sort: field, dir: sortField === field && sortDirection === 'asc' ? 'desc' : null });

  return (
    <Stack miw={0} w="100%">
      <Group gap="sm">
        <Title order={2}>{t('list.title')}</Title>
        <Badge variant="light" size="lg" data-testid="customers-total-count" title={t(filtered ? 'list.count.filtered.hint' : 'list.count.all.hint')}>
          {total == null || (filtered && matching == null)
            ? '…'
            : filtered
              ? t('list.count.filtered', { matching, total })
              : t('list.count.all', { total })}
        </Badge>
      </Group>
      <CustomerSearch value={searchValue ?? ''} onSearch={(value) => change({ q: value || null })} />
      {error && !shown && (
        <Alert color="red" title={t('list.loadFailed')} role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      <Paper withBorder p={0}>
        <CustomerTable customers={shown?.customers ?? (error ? [] : null)} filtered={filtered} sortField={sortField} sortDirection={sortDirection} onSort={sortBy} />
      </Paper>
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={(next) => change({ page: next > 1 ? String(next) : null })}
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': t(pageControlLabels[control]) })}
            aria-label={t('list.pages')}
          />
        </Group>
      )}
    </Stack>
  );
}
