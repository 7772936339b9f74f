import { useMutation } from '@apollo/client/react';
import { ActionIcon, ConfirmModal, IconTrash, Table, Text, VisuallyHidden, useCan, useConfirmation, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import { removeIntegrationMutation, type IntegrationRow } from '../graphql/integration-queries.js';
import { useFormatWhen } from '../format-when.js';
import { receiveUrl } from '../receive-url.js';
import { CopyValue } from './CopyValue.js';

interface IntegrationTableProps {
  integrations: IntegrationRow[] | null;
  labelOf: (kind: string | null) => string;
}

/** Every integration with what a sender needs (its id and receive URL, each copied with one click), and Remove for those who may. */
export function IntegrationTable({ integrations, labelOf }: IntegrationTableProps) {
  const canManage = useCan('inbox:manageIntegrations');
  const t = useMessages(inboxCatalogue);
  const when = useFormatWhen();
  // The kind's own settings on the same page list what its plugin removed too: refresh every shown query.
  const [remove, { loading }] = useMutation(removeIntegrationMutation, { refetchQueries: 'active', awaitRefetchQueries: true });
  const removal = useConfirmation((integration: IntegrationRow) => remove({ variables: { _id: integration._id } }));
  if (!integrations) return null;
  if (integrations.length === 0) return <Text c="dimmed">{t('table.empty')}</Text>;

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label={t('table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('table.name')}</Table.Th>
              <Table.Th>{t('table.kind')}</Table.Th>
              <Table.Th>{t('table.id')}</Table.Th>
              <Table.Th>{t('table.receiveUrl')}</Table.Th>
              <Table.Th>{t('table.created')}</Table.Th>
              {canManage && (
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
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
                    <CopyValue value={integration._id} copyLabel={t('table.copyId', { name })} testId="integration-id" />
                  </Table.Td>
                  <Table.Td>
                    {integration.kind ? <CopyValue value={receiveUrl(window.location.origin, integration.kind)} copyLabel={t('table.copyReceiveUrl', { name })} testId="integration-receive-url" /> : '—'}
                  </Table.Td>
                  <Table.Td>{when(integration.createdAt)}</Table.Td>
                  {canManage && (
                    <Table.Td ta="right">
                      <ActionIcon variant="subtle" color="red" aria-label={t('table.removeNamed', { name })} title={t('table.remove')} onClick={() => removal.ask(integration)}>
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
          title={t('remove.title')}
          confirmLabel={t('remove.confirm')}
          busy={loading}
          failure={removal.failure ? { title: t('remove.failed'), message: removal.failure } : null}
          onConfirm={removal.confirm}
          onClose={removal.cancel}
        >
          <Text>{t('remove.question', { name: removal.target.name ?? removal.target._id })}</Text>
        </ConfirmModal>
      )}
    </>
  );
}
