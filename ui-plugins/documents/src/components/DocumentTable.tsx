import { useMutation } from '@apollo/client/react';
import { ActionIcon, Badge, Group, Skeleton, Switch, Table, Text, graphQLErrorMessage } from '@lattice/ui-sdk';
import { editDocumentMutation, refetchPage, removeDocumentMutation } from '../graphql/document-mutations.js';
import type { DocumentRow } from '../graphql/documents-page-query.js';
import { displayDate } from '../document-form-values.js';

interface DocumentTableProps {
  /** null while the first load is running. */
  documents: DocumentRow[] | null;
  filtered: boolean;
  onEdit: (document: DocumentRow) => void;
  onError: (message: string) => void;
}

export function DocumentTable({ documents, filtered, onEdit, onError }: DocumentTableProps) {
  const [edit] = useMutation(editDocumentMutation, refetchPage);
  const [remove] = useMutation(removeDocumentMutation, refetchPage);
  const report = (error: unknown) => onError(graphQLErrorMessage(error));

  if (documents && documents.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center" data-testid="documents-empty">
        {filtered ? 'No documents of this type yet.' : 'No documents yet. Add the first one.'}
      </Text>
    );
  }
  return (
    <Table striped highlightOnHover verticalSpacing="sm" aria-label="Documents" aria-busy={!documents}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Checked</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {!documents &&
          [0, 1, 2].map((row) => (
            <Table.Tr key={row}>
              <Table.Td colSpan={5}>
                <Skeleton height={20} />
              </Table.Td>
            </Table.Tr>
          ))}
        {documents?.map((document) => (
          <Table.Tr key={document._id} data-testid="document-row">
            <Table.Td fw={500}>{document.name || 'Untitled'}</Table.Td>
            <Table.Td>{document.currentType ? <Badge variant="outline">{document.currentType.name}</Badge> : <Text c="dimmed">—</Text>}</Table.Td>
            <Table.Td>{displayDate(document.expiryDate)}</Table.Td>
            <Table.Td>
              <Switch
                aria-label={`Checked: ${document.name ?? document._id}`}
                checked={Boolean(document.checked)}
                onChange={(event) => edit({ variables: { _id: document._id, checked: event.currentTarget.checked } }).catch(report)}
              />
            </Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Edit ${document.name ?? ''}`} onClick={() => onEdit(document)}>
                  ✎
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${document.name ?? ''}`}
                  onClick={() => remove({ variables: { _id: document._id } }).catch(report)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
