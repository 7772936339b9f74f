import { useMutation } from '@apollo/client/react';
import { ActionIcon, ConfirmModal, IconTrash, Table, Text, VisuallyHidden, useCan, useConfirmation } from '@lattice/ui-sdk';
import { removeIntegrationMutation, type IntegrationRow } from '../graphql/integration-queries.js';
import { formatWhen } from '../format-when.js';
import { receiveUrl } from '../receive-url.js';
import { CopyValue } from './CopyValue.js';

interface IntegrationTableProps {
  integrations: IntegrationRow[] | null;
  labelOf: (kind: string | null) => string;
}

/** Every integration with what a sender needs (its id and receive URL, each copied with one click), and Remove for those who may. */
export function IntegrationTable({ integrations, labelOf }: IntegrationTableProps) {
  const canManage = useCan('integrations.manage');
  // The kind's own settings on the same page list what its plugin removed too: refresh every shown query.
  const [remove, { loading }] = useMutation(removeIntegrationMutation, { refetchQueries: 'active', awaitRefetchQueries: true });
  const removal = useConfirmation((integration: IntegrationRow) => remove({ variables: { _id: integration._id } }));
  if (!integrations) return null;
  if (integrations.length === 0) return <Text c="dimmed">No integrations yet.</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label="Integrations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Id</Table.Th>
              <Table.Th>Receive URL</Table.Th>
              <Table.Th>Created</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {integrations.map((integration) => {
              const name = integration.name ?? integration._id;
              return (
                <Table.Tr key={integration._id} data-testid="integration-row">
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{labelOf(integration.kind)}</Table.Td>
                  <Table.Td>
                    <CopyValue value={integration._id} label={`the id of ${name}`} testId="integration-id" />
                  </Table.Td>
                  <Table.Td>
                    {integration.kind ? <CopyValue value={receiveUrl(window.location.origin, integration.kind)} label={`the receive URL of ${name}`} testId="integration-receive-url" /> : '—'}
                  </Table.Td>
                  <Table.Td>{formatWhen(integration.createdAt)}</Table.Td>
                  {canManage && (
                    <Table.Td ta="right">
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} title="Remove" onClick={() => removal.ask(integration)}>
                        <IconTrash size={18} stroke={1.6} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {removal.target && (
        <ConfirmModal
          title="Remove integration"
          confirmLabel="Remove"
          busy={loading}
          failure={removal.failure ? { title: 'The integration was not removed', message: removal.failure } : null}
          onConfirm={removal.confirm}
          onClose={removal.cancel}
        >
          <Text>
            Remove “{removal.target.name ?? removal.target._id}”? Its conversations and what its plugin stored for it are removed too.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
