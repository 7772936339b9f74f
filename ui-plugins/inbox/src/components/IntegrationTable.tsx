import { useMutation } from '@apollo/client/react';
import { Button, ConfirmModal, Table, Text, useConfirmation } from '@lattice/ui-sdk';
import { removeIntegrationMutation, type IntegrationRow } from '../graphql/integration-queries.js';
import { formatWhen } from '../format-when.js';

interface IntegrationTableProps {
  integrations: IntegrationRow[] | null;
  labelOf: (kind: string | null) => string;
}

export function IntegrationTable({ integrations, labelOf }: IntegrationTableProps) {
  // The kind's own settings on the same page list what its plugin removed too: refresh every shown query.
  const [remove, { loading }] = useMutation(removeIntegrationMutation, { refetchQueries: 'active', awaitRefetchQueries: true });
  const removal = useConfirmation((integration: IntegrationRow) => remove({ variables: { _id: integration._id } }));
  if (!integrations) return null;
  if (integrations.length === 0) return <Text c="dimmed">No integrations yet.</Text>;

  return (
    <>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {integrations.map((integration) => (
            <Table.Tr key={integration._id} data-testid="integration-row">
              <Table.Td>{integration.name ?? integration._id}</Table.Td>
              <Table.Td>{labelOf(integration.kind)}</Table.Td>
              <Table.Td>{formatWhen(integration.createdAt)}</Table.Td>
              <Table.Td ta="right">
                <Button size="xs" variant="subtle" color="red" onClick={() => removal.ask(integration)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
