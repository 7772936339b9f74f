import { useContext, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Code,
  Group,
  IntegrationComponent,
  IntegrationComponentsContext,
  Paper,
  Stack,
  Text,
  Title,
  graphQLErrorMessage,
  type CreatedIntegration,
} from '@lattice/ui-sdk';
import { integrationsPageQuery, type IntegrationKind } from '../graphql/integration-queries.js';
import { AddIntegrationModal } from '../components/AddIntegrationModal.js';
import { IntegrationTable } from '../components/IntegrationTable.js';

/** /inbox/integrations: every integration, adding one of a running kind, and each kind's own settings. */
export function IntegrationsPage() {
  const { data, previousData, error, refetch } = useQuery(integrationsPageQuery);
  const components = useContext(IntegrationComponentsContext);
  const [adding, setAdding] = useState<IntegrationKind | null>(null);
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
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
          <Text size="sm">
            Deliveries to its POST /receive carry this token in <Code>x-integration-token</Code>. It is shown only now:
          </Text>
          <Code block data-testid="webhook-token">
            {created.webhookToken ?? '(none)'}
          </Code>
        </Alert>
      )}
      <Group>
        {kinds.map((kind) => (
          <Button key={kind.kind} onClick={() => setAdding(kind)} disabled={!components?.offers(kind.kind, 'inboxIntegrationForm')}>
            Add {kind.label ?? kind.kind} integration
          </Button>
        ))}
        {shown && kinds.length === 0 && <Text c="dimmed">No integration plugin is running, so none can be added now.</Text>}
      </Group>
      <IntegrationTable integrations={shown?.integrations ?? null} labelOf={labelOf} />
      {kinds
        .filter((kind) => components?.offers(kind.kind, 'inboxIntegrationSettings'))
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
