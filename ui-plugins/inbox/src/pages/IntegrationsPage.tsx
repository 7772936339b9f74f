import { useContext, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Code,
  Group,
  IntegrationComponent,
  IntegrationComponentsContext,
  IconPlus,
  Paper,
  Stack,
  Text,
  Title,
  graphQLErrorMessage,
  useCan,
  type CreatedIntegration,
} from '@lattice/ui-sdk';
import { integrationsPageQuery, type IntegrationKind } from '../graphql/integration-queries.js';
import { AddIntegrationModal } from '../components/AddIntegrationModal.js';
import { IntegrationTable } from '../components/IntegrationTable.js';
import { CopyValue } from '../components/CopyValue.js';
import { receiveUrl } from '../receive-url.js';

/** /inbox/integrations: every integration, adding one of a running kind, and each kind's own settings. */
export function IntegrationsPage() {
  const { data, previousData, error, refetch } = useQuery(integrationsPageQuery);
  const components = useContext(IntegrationComponentsContext);
  const [adding, setAdding] = useState<IntegrationKind | null>(null);
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
  // Adding, removing and each kind's settings are for those who manage integrations; everyone sees the list.
  const canManage = useCan('integrations.manage');
  const shown = data ?? previousData;
  const kinds = shown?.integrationKinds ?? [];
  const labelOf = (kind: string | null) => kinds.find((entry) => entry.kind === kind)?.label ?? kind ?? 'unknown';

  return (
    <Stack>
      <Title order={2}>Integrations</Title>
      {error && !shown && (
        <Alert color="red" title="Could not load integrations" role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {created && (
        <Alert color="green" title={`Integration "${created.name ?? created._id}" created`} withCloseButton onClose={() => setCreated(null)} data-testid="integration-created">
          <Stack gap="xs">
            <Text size="sm">
              Deliveries to its POST /receive carry this token in <Code>x-integration-token</Code>. It is shown only now:
            </Text>
            <Code block data-testid="webhook-token">
              {created.webhookToken ?? '(none)'}
            </Code>
            <Text size="sm">Its id and receive URL (also in the list below):</Text>
            <CopyValue value={created._id} label="the new integration's id" />
            {created.kind && <CopyValue value={receiveUrl(window.location.origin, created.kind)} label="the new integration's receive URL" />}
          </Stack>
        </Alert>
      )}
      {canManage && (
        <Group>
          {kinds.map((kind) => (
            <Button key={kind.kind} leftSection={<IconPlus size={18} stroke={1.6} aria-hidden />} onClick={() => setAdding(kind)} disabled={!components?.offers(kind.kind, 'inboxIntegrationForm')}>
              Add {kind.label ?? kind.kind} integration
            </Button>
          ))}
          {shown && kinds.length === 0 && <Text c="dimmed">No integration plugin is running, so none can be added now.</Text>}
        </Group>
      )}
      <IntegrationTable integrations={shown?.integrations ?? null} labelOf={labelOf} />
      {kinds
        .filter((kind) => canManage && components?.offers(kind.kind, 'inboxIntegrationSettings'))
        .map((kind) => (
          <Paper key={kind.kind} withBorder p="md">
            <Title order={3} mb="sm">
              {kind.label ?? kind.kind} settings
            </Title>
            <IntegrationComponent kind={kind.kind} slot="inboxIntegrationSettings" props={{ kind: kind.kind }} />
          </Paper>
        ))}
      {adding && (
        <AddIntegrationModal
          kind={adding}
          onClose={() => setAdding(null)}
          onCreated={(integration) => {
            setAdding(null);
            setCreated(integration);
            void refetch();
          }}
        />
      )}
    </Stack>
  );
}
