import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Button, Group, Modal, Table, Text, graphQLErrorMessage } from '@lattice/ui-sdk';
import { removeIntegrationMutation, type IntegrationRow } from '../graphql/integration-queries.js';
import { formatWhen } from '../format-when.js';

interface IntegrationTableProps {
  integrations: IntegrationRow[] | null;
  labelOf: (kind: string | null) => string;
  onRemoved: () => void;
  onError: (message: string) => void;
}

export function IntegrationTable({ integrations, labelOf, onRemoved, onError }: IntegrationTableProps) {
  const [removing, setRemoving] = useState<IntegrationRow | null>(null);
  const [remove, { loading }] = useMutation(removeIntegrationMutation);
  if (!integrations) return null;
  if (integrations.length === 0) return <Text c="dimmed">No integrations yet.</Text>;

  const confirm = async (integration: IntegrationRow) => {
    try {
      await remove({ variables: { _id: integration._id } });
      onRemoved();
    } catch (error) {
      onError(graphQLErrorMessage(error));
    } finally {
      setRemoving(null);
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
              <Table.Td>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(integration)}>
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {removing && (
        <Modal opened onClose={() => setRemoving(null)} title="Remove integration">
          <Text mb="md">
            Remove “{removing.name ?? removing._id}”? Its conversations and what its plugin stored for it are removed too.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={loading} onClick={() => void confirm(removing)}>
              Remove
            </Button>
          </Group>
        </Modal>
      )}
    </>
  );
}
