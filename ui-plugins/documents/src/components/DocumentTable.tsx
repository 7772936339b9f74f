import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import {
  ActionIcon,
  Badge,
  Box,
  ConfirmModal,
  Group,
  IconPencil,
  IconTrash,
  Message,
  Skeleton,
  SortableHeader,
  Switch,
  Table,
  Text,
  VisuallyHidden,
  graphQLErrorMessage,
  useConfirmation,
  useFormat,
  useMessages,
} from '@lattice/ui-sdk';
import { catalogue } from '../catalogue.js';
import { editDocumentMutation, refetchPage, removeDocumentMutation, restoreDocumentMutation } from '../graphql/document-mutations.js';
import type { DocumentRow, SortDirection, SortField } from '../graphql/documents-page-query.js';
import { expiryDayFormat } from '../document-form-values.js';
import type { RemovedMessage } from './UndoNotification.js';

interface DocumentTableProps {
  /** null while the first load is running. */
  documents: DocumentRow[] | null;
  /** A type or a search narrows the list: the empty state says so. */
  filtered: boolean;
  /** Whether the user may change documents (`documents:manageDocuments`): without it the rows are read-only. */
  canManage: boolean;
  /** The document a link points at (`?document=<id>`): its row is marked and scrolled into view. */
  linkedId?: string | null;
  sortField: SortField | null;
  sortDirection: SortDirection | null;
  onSort: (field: SortField) => void;
  onEdit: (document: DocumentRow) => void;
  onError: (message: string) => void;
  /** A document was removed: offer to put it back. */
  onRemoved: (message: RemovedMessage, undo: () => Promise<unknown>) => void;
}

export function DocumentTable({ documents, filtered, canManage, linkedId, sortField, sortDirection, onSort, onEdit, onError, onRemoved }: DocumentTableProps) {
  const t = useMessages(catalogue);
  const format = useFormat();
  const nameOf = (document: DocumentRow) => document.name || t('document.untitled');
  // The toggle takes the server's answer into the cached row (by _id): the list is not asked for again.
  const [edit] = useMutation(editDocumentMutation);
  const [remove, removing] = useMutation(removeDocumentMutation, refetchPage);
  const [restore] = useMutation(restoreDocumentMutation, refetchPage);
  const removal = useConfirmation(async (document: DocumentRow) => {
    await remove({ variables: { _id: document._id } });
    onRemoved({ id: 'documentRemoval.done', values: { name: nameOf(document) } }, () => restore({ variables: { _id: document._id } }));
  });
  const report = (error: unknown) => onError(graphQLErrorMessage(error));
  // One callback for the component's life: React calls it when the linked row appears, not on every render.
  const scrollToLinked = useCallback((row: HTMLTableRowElement | null) => row?.scrollIntoView({ block: 'nearest' }), []);

  if (documents && documents.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="documents-empty">
        {t(filtered ? 'table.empty.filtered' : canManage ? 'table.empty.canAdd' : 'table.empty')}
      </Text>
    );
  }
  const sorting = { sortField, sortDirection, onSort };
  return (
    <>
      {/* On a phone the Type column leaves (each row shows its type under the name), so name, Expires, Checked and the
          actions fit the screen: nothing scrolls sideways and no column hides behind another. Wider content still
          scrolls inside the card, never the page. */}
      <Table.ScrollContainer minWidth={0}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('table.label')} aria-busy={!documents}>
          <Table.Thead>
            <Table.Tr>
              <SortableHeader field="name" label={t('table.name')} sortLabel={t('table.sortByName')} {...sorting} />
              <Table.Th visibleFrom="sm">{t('table.type')}</Table.Th>
              <SortableHeader field="expiryDate" label={t('table.expires')} sortLabel={t('table.sortByExpires')} {...sorting} />
              <SortableHeader field="checked" label={t('table.checked')} sortLabel={t('table.sortByChecked')} {...sorting} />
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {!documents &&
              [0, 1, 2].map((row) => (
                <Table.Tr key={row}>
                  <Table.Td colSpan={canManage ? 5 : 4}>
                    <Skeleton height={20} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {documents?.map((document) => (
              <Table.Tr
                key={document._id}
                data-testid="document-row"
                aria-current={document._id === linkedId ? 'true' : undefined}
                bg={document._id === linkedId ? 'var(--mantine-primary-color-light)' : undefined}
                ref={document._id === linkedId ? scrollToLinked : undefined}
              >
                <Table.Td fw={500} style={wrapping}>
                  {nameOf(document)}
                  {document.currentType && (
                    <Box hiddenFrom="sm" mt={4}>
                      <Badge variant="outline">{document.currentType.name}</Badge>
                    </Box>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {document.currentType ? <Badge variant="outline">{document.currentType.name}</Badge> : <Text c="dimmed">—</Text>}
                </Table.Td>
                <Table.Td style={noWrap}>{document.expiryDate ? format.date(document.expiryDate, expiryDayFormat) : '—'}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('document.checked', { name: document.name ?? document._id })}
                    // The switch's <label> needs text of its own too (not only the input's aria-label).
                    label={<VisuallyHidden>{t('document.checked', { name: document.name ?? document._id })}</VisuallyHidden>}
                    checked={Boolean(document.checked)}
                    disabled={!canManage}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      edit({
                        variables: { _id: document._id, checked },
                        // Every field the mutation selects: the other fields as the row has them, until the answer brings the new updatedAt.
                        optimisticResponse: {
                          documentsEdit: { __typename: 'Document', _id: document._id, checked, name: document.name, expiryDate: document.expiryDate, typeId: document.typeId, updatedAt: document.updatedAt },
                        },
                      }).catch(report);
                    }}
                  />
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={t('document.edit', { name: nameOf(document) })} onClick={() => onEdit(document)}>
                        <IconPencil size={18} stroke={1.6} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('document.remove', { name: nameOf(document) })} onClick={() => removal.ask(document)}>
                        <IconTrash size={18} stroke={1.6} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removal.target && (
        <ConfirmModal
          title={t('documentRemoval.title')}
          confirmLabel={t('documentRemoval.confirm')}
          busy={removing.loading}
          failure={removal.failure ? { title: t('documentRemoval.failed'), message: removal.failure } : null}
          onConfirm={removal.confirm}
          onClose={removal.cancel}
        >
          <Text>
            <Message catalogue={catalogue} id="documentRemoval.question" values={{ name: nameOf(removal.target) }} components={{ b: <b /> }} />
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}

// A long name wraps inside its cell; a date stays on one line.
const wrapping = { overflowWrap: 'anywhere' } as const;
const noWrap = { whiteSpace: 'nowrap' } as const;
