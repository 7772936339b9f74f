import { useState } from 'react';
import type { WatchQueryFetchPolicy } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Button, Flex, Group, Paper, Stack, Title, graphQLErrorMessage, useSearchParams } from '@lattice/ui-sdk';
import { documentsPageQuery, documentsPageVariables, type DocumentRow } from '../graphql/documents-page-query.js';
import { takePreloaded } from '../preload-documents-page.js';
import { DocumentFormModal } from '../components/DocumentFormModal.js';
import { DocumentTable } from '../components/DocumentTable.js';
import { TypeList } from '../components/TypeList.js';

type Editing = { document: DocumentRow | null } | null;

// Whenever the filter changes, what is cached shows at once and is refreshed.
function refreshOnFilterChange(current: WatchQueryFetchPolicy, { reason }: { reason: string }): WatchQueryFetchPolicy {
  return reason === 'variables-changed' ? 'cache-and-network' : current;
}

/** /documents/?type=<typeId>: the URL holds the filter, so reload and back/forward keep it. */
export function DocumentsPage() {
  const [searchParams] = useSearchParams();
  const variables = documentsPageVariables(searchParams);
  const { typeId } = variables;
  // Straight after a preload the result is in flight or cached: read it rather than ask again.
  // Otherwise show what is cached and refresh it.
  const [fetchPolicy] = useState<WatchQueryFetchPolicy>(() => (takePreloaded(variables) ? 'cache-first' : 'cache-and-network'));
  const { data, previousData, loading, error } = useQuery(documentsPageQuery, { variables, fetchPolicy, nextFetchPolicy: refreshOnFilterChange });
  const [editing, setEditing] = useState<Editing>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = data ?? previousData;
  const types = shown?.documentTypes ?? [];
  const activeType = types.find((type) => type._id === typeId);

  return (
    <Flex gap="lg" align="flex-start" wrap="wrap">
      <Paper withBorder p="md" w={260}>
        <TypeList types={types} activeTypeId={typeId} loading={!shown && loading} onError={setFailure} />
      </Paper>
      <Stack flex={1} miw={420}>
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2}>{activeType ? (activeType.name ?? 'Untitled type') : 'All documents'}</Title>
            <Badge variant="light" size="lg" data-testid="documents-total-count" title="Documents of every type">
              {shown?.documentsTotalCount ?? '…'} in total
            </Badge>
          </Group>
          <Button onClick={() => setEditing({ document: null })}>Add document</Button>
        </Group>
        {error && !shown && (
          <Alert color="red" title="Could not load documents" role="alert">
            {graphQLErrorMessage(error)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" title="The change was not saved" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        <DocumentTable
          documents={shown?.documents ?? null}
          filtered={Boolean(typeId)}
          onEdit={(document) => setEditing({ document })}
          onError={setFailure}
        />
      </Stack>
      {editing && (
        <DocumentFormModal document={editing.document} types={types} defaultTypeId={typeId} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
}
