import { useEffect, useState } from 'react';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Badge,
  Button,
  Flex,
  Group,
  IconPlus,
  Pagination,
  Paper,
  Stack,
  Title,
  graphQLErrorMessage,
  useCan,
  useMessages,
  usePageTitle,
  useSearchParams,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { documentsPageQuery, documentsPageVariables, type DocumentRow, type SortField } from '../graphql/documents-page-query.js';
import { takePreloaded } from '../preload-documents-page.js';
import { DocumentFormModal } from '../components/DocumentFormModal.js';
import { DocumentSearch } from '../components/DocumentSearch.js';
import { DocumentTable } from '../components/DocumentTable.js';
import { TypeList } from '../components/TypeList.js';
import { UndoNotification } from '../components/UndoNotification.js';
import { useUndoOffer } from '../components/use-undo-offer.js';
import { useLinkedDocument } from '../components/use-linked-document.js';

type Editing = { document: DocumentRow | null } | null;

const pageControlLabels = { first: 'list.page.first', previous: 'list.page.previous', next: 'list.page.next', last: 'list.page.last' } as const;

// Whenever the filter changes, what is cached shows at once and is refreshed.
function refreshOnFilterChange(current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy {
  return reason === 'variables-changed' ? 'cache-and-network' : current;
}

/**
 * /documents/?type=<typeId>&q=<search>&sort=<field>&dir=desc&page=<n>: the URL holds the filter, the
 * search, the order and the page, so reload and back/forward keep them. `&document=<id>` (a search hit) marks
 * that document's row and, for those who may change it, opens it.
 */
export function DocumentsPage() {
  const t = useMessages(catalogue);
  usePageTitle(t('page.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const variables = documentsPageVariables(searchParams);
  const { typeId, searchValue, sortField, sortDirection, page, perPage } = variables;
  // Straight after a preload the result is in flight or cached: read it rather than ask again.
  // Otherwise show what is cached and refresh it.
  const [fetchPolicy] = useState<WatchQueryFetchPolicy>(() => (takePreloaded(variables) ? 'cache-first' : 'cache-and-network'));
  const { data, previousData, loading, error } = useQuery(documentsPageQuery, { variables, fetchPolicy, nextFetchPolicy: refreshOnFilterChange });
  const [editing, setEditing] = useState<Editing>(null);
  // The server refuses the rest too; the page only keeps from offering what this user cannot do.
  const canManageDocuments = useCan('documents:manageDocuments');
  const canManageTypes = useCan('documents:manageDocumentTypes');
  const [failure, setFailure] = useState<string | null>(null);
  const { offer, offerUndo, dismiss } = useUndoOffer();
  const shown = data ?? previousData;
  const types = shown?.documentTypes ?? [];
  const activeType = types.find((type) => type._id === typeId);
  const filtered = Boolean(typeId || searchValue);
  const total = shown?.documentsTotalCount;
  const matching = shown?.matchingCount;
  const pageCount = Math.max(1, Math.ceil((matching ?? 0) / perPage));

  // Changes one part of the URL; any change but the page itself starts again from page 1. Typing a
  // search (and correcting the page) replaces the history entry instead of adding one.
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
  // A page past the end (its last document removed, or an old link): go to the last page there is.
  const pastTheEnd = data != null && matching != null && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) change({ page: pageCount > 1 ? String(pageCount) : null }, true);
    // change() is a new function each render; the page count is what matters here.
  }, [pastTheEnd, pageCount]);
  const linkedId = searchParams.get('document');
  // Only those who may change a document get its dialog; the permissions may arrive after the list does.
  useLinkedDocument(canManageDocuments ? shown?.documents : null, linkedId, (document) => setEditing({ document }));
  const sortBy = (field: SortField) =>
    change({ sort: field, dir: sortField === field && sortDirection === 'asc' ? 'desc' : null });

  return (
    <Flex gap="lg" align="flex-start" direction={{ base: 'column', md: 'row' }}>
      <Paper withBorder p="md" w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>
        <TypeList types={types} activeTypeId={typeId} loading={!shown && loading} canManage={canManageTypes} onRemoved={offerUndo} />
      </Paper>
      <Stack flex={1} miw={0} w="100%">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2}>{activeType ? (activeType.name ?? t('type.untitled')) : t('list.all')}</Title>
            <Badge
              variant="light"
              size="lg"
              data-testid="documents-total-count"
              title={t(filtered ? 'list.count.filtered.hint' : 'list.count.all.hint')}
            >
              {total == null || (filtered && matching == null)
                ? '…'
                : filtered
                  ? t('list.count.filtered', { matching, total })
                  : t('list.count.all', { total })}
            </Badge>
          </Group>
          {canManageDocuments && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ document: null })}>
              {t('list.add')}
            </Button>
          )}
        </Group>
        <DocumentSearch value={searchValue ?? ''} onSearch={(value) => change({ q: value || null })} />
        {error && !shown && (
          <Alert color="red" title={t('list.loadFailed')} role="alert">
            {graphQLErrorMessage(error)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" title={t('list.changeFailed')} role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <Paper withBorder p={0}>
          <DocumentTable
            documents={shown?.documents ?? null}
            filtered={filtered}
            canManage={canManageDocuments}
            linkedId={linkedId}
            sortField={sortField}
            sortDirection={sortDirection}
            onSort={sortBy}
            onEdit={(document) => setEditing({ document })}
            onError={setFailure}
            onRemoved={offerUndo}
          />
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
      {editing && (
        <DocumentFormModal document={editing.document} types={types} defaultTypeId={typeId} onClose={() => setEditing(null)} />
      )}
      <UndoNotification offer={offer} onClose={dismiss} onError={setFailure} />
    </Flex>
  );
}
