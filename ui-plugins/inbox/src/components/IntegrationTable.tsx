import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, ConfirmModal, Table, Text, graphQLErrorMessage } from '@lattice/ui-sdk';
import { removeIntegrationMutation, type IntegrationRow } from '../graphql/integration-queries.js';
import { formatWhen } from '../format-when.js';

interface IntegrationTableProps {
  integrations: IntegrationRow[] | null;
  labelOf: (kind: string | null) => string;
}

export function IntegrationTable({ integrations, labelOf }: IntegrationTableProps) {
  const [removing, setRemoving] = useState<IntegrationRow | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The kind's own settings on the same page list what its plugin removed too: refresh every shown query.
  const [remove, { loading }] = useMutation(removeIntegrationMutation, { refetchQueries: 'active', awaitRefetchQueries: true });
  if (!integrations) return null;
  if (integrations.length === 0) return <Text c="dimmed">No integrations yet.</Text>;

  const close = () => {
    setRemoving(null);
    setFailure(null);
  };
  const confirm = async (integration: IntegrationRow) => {
    setFailure(null);
    try {
      await remove({ variables: { _id: integration._id } });
      close();
    } catch (error) {
      setFailure(graphQLErrorMessage(error));
    }
  };
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
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(integration)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {removing && (
        <ConfirmModal
          title="Remove integration"
          confirmLabel="Remove"
          busy={loading}
          failure={failure ? { title: 'The integration was not removed', message: failure } : null}
          onConfirm={() => void confirm(removing)}
          onClose={close}
        >
          <Text>
            Remove “{removing.name ?? removing._id}”? Its conversations and what its plugin stored for it are removed too.
          </Text>
        </ConfirmModal>
      )}
    </>
  );
}
