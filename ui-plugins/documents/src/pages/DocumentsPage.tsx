import { useState } from 'react';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Flex,
  IconPlus,
  ListPage,
  ListSearch,
  Paper,
  graphQLErrorMessage,
  pageCountOf,
  sortChange,
  useCan,
  useLastPageWithin,
  useListUrl,
  useMessages,
  usePageTitle,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { documentsPageQuery, documentsPageVariables, type DocumentRow, type SortField } from '../graphql/documents-page-query.js';
import { takePreloaded } from '../preload-documents-page.js';
import { DocumentFormModal } from '../components/DocumentFormModal.js';
import { DocumentTable } from '../components/DocumentTable.js';
import { TypeList } from '../components/TypeList.js';
import { UndoNotification } from '../components/UndoNotification.js';
import { useUndoOffer } from '../components/use-undo-offer.js';
import { useLinkedDocument } from '../components/use-linked-document.js';

type Editing = { document: DocumentRow | null } | null;

// Whenever the filter changes, what is cached shows at once and is refreshed.
function refreshOnFilterChange(current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy {
  return reason === 'variables-changed' ? 'cache-and-network' : current;
}

/**
 * ui-sdk's list kit (ListPage, ListSearch, SortableHeader, useListUrl) with the types beside it.
 * /documents/?type=<typeId>&q=<search>&sort=<field>&dir=desc&page=<n>: the URL holds the filter, the
 * search, the order and the page, so reload and back/forward keep them. `&document=<id>` (a search hit) marks
 * that document's row and, for those who may change it, opens it.
 */
export function DocumentsPage() {
  const t = useMessages(catalogue);
  usePageTitle(t('page.title'));
  const { searchParams, change } = useListUrl();
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
  const pageCount = pageCountOf(matching, perPage);
  // A page past the end (its last document removed, or an old link): go to the last page there is.
  useLastPageWithin(page, pageCount, data != null && matching != null, change);
  const linkedId = searchParams.get('document');
  // Only those who may change a document get its dialog; the permissions may arrive after the list does.
  useLinkedDocument(canManageDocuments ? shown?.documents : null, linkedId, (document) => setEditing({ document }));
  const sortBy = (field: SortField) => change(sortChange(field, sortField, sortDirection));
  const countText =
    total == null || (filtered && matching == null)
      ? null
      : filtered
        ? t('list.count.filtered', { matching, total })
        : t('list.count.all', { total });

  return (
    <Flex gap="lg" align="flex-start" direction={{ base: 'column', md: 'row' }}>
      <Paper withBorder p="md" w={{ base: '100%', md: 260 }} style={{ flexShrink: 0 }}>
        <TypeList types={types} activeTypeId={typeId} loading={!shown && loading} canManage={canManageTypes} onRemoved={offerUndo} />
      </Paper>
      <ListPage
        title={activeType ? (activeType.name ?? t('type.untitled')) : t('list.all')}
        count={{ text: countText, hint: t(filtered ? 'list.count.filtered.hint' : 'list.count.all.hint'), testId: 'documents-total-count' }}
        actions={
          canManageDocuments && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ document: null })}>
              {t('list.add')}
            </Button>
          )
        }
        search={
          <ListSearch
            value={searchValue ?? ''}
            onSearch={(value) => change({ q: value || null })}
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            width={280}
          />
        }
        loadFailure={error && !shown ? { title: t('list.loadFailed'), message: graphQLErrorMessage(error) } : null}
        alerts={
          failure && (
            <Alert color="red" title={t('list.changeFailed')} role="alert" withCloseButton onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )
        }
        page={page}
        pageCount={pageCount}
        onPage={(next) => change({ page: next > 1 ? String(next) : null })}
      >
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
      </ListPage>
      {editing && (
        <DocumentFormModal document={editing.document} types={types} defaultTypeId={typeId} onClose={() => setEditing(null)} />
      )}
      <UndoNotification offer={offer} onClose={dismiss} onError={setFailure} />
    </Flex>
  );
}
