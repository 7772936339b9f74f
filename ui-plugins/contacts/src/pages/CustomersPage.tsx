import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { ListPage, ListSearch, graphQLErrorMessage, pageCountOf, sortChange, useLastPageWithin, useListUrl, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { CustomerTable } from '../components/CustomerTable.js';
import { customersPageQuery, customersPageVariables, type SortField } from '../graphql/customers-page-query.js';

// Whenever the search, order or page changes, what is cached shows at once and is refreshed.
function refreshOnChange(current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy {
  return reason === 'variables-changed' ? 'cache-and-network' : current;
}

/**
 * /contacts/?q=<search>&sort=<field>&dir=desc&page=<n>: the URL holds the search, the order and the page, so
 * reload and back/forward keep them (ui-sdk's list kit, as the documents page).
 */
export function CustomersPage() {
  const t = useMessages(catalogue);
  usePageTitle(t('page.title'));
  const { searchParams, change } = useListUrl();
  const variables = customersPageVariables(searchParams);
  const { searchValue, sortField, sortDirection, page, perPage } = variables;
  const { data, previousData, error } = useQuery(customersPageQuery, { variables, fetchPolicy: 'cache-and-network', nextFetchPolicy: refreshOnChange });
  const shown = data ?? previousData;
  const filtered = Boolean(searchValue);
  const total = shown?.customersTotalCount;
  const matching = shown?.matchingCount;
  const pageCount = pageCountOf(matching, perPage);
  // A page past the end (an old link, customers merged away): go to the last page there is.
  useLastPageWithin(page, pageCount, data != null && matching != null, change);
  const countText =
    total == null || (filtered && matching == null)
      ? null
      : filtered
        ? t('list.count.filtered', { matching, total })
        : t('list.count.all', { total });

  return (
    <ListPage
      title={t('list.title')}
      count={{ text: countText, hint: t(filtered ? 'list.count.filtered.hint' : 'list.count.all.hint'), testId: 'customers-total-count' }}
      search={
        <ListSearch
          value={searchValue ?? ''}
          onSearch={(value) => change({ q: value || null })}
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          width={320}
        />
      }
      loadFailure={error && !shown ? { title: t('list.loadFailed'), message: graphQLErrorMessage(error) } : null}
      page={page}
      pageCount={pageCount}
      onPage={(next) => change({ page: next > 1 ? String(next) : null })}
    >
      <CustomerTable
        customers={shown?.customers ?? (error ? [] : null)}
        filtered={filtered}
        sortField={sortField}
        sortDirection={sortDirection}
        onSort={(field: SortField) => change(sortChange(field, sortField, sortDirection))}
      />
    </ListPage>
  );
}
