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
  Message,
  Text,
  Title,
  graphQLErrorMessage,
  useCan,
  useMessages,
  usePageTitle,
  type CreatedIntegration,
} from '@lattice/ui-sdk';
import { inboxCatalogue } from '../inbox-catalogue.js';
import { integrationsPageQuery, type IntegrationKind } from '../graphql/integration-queries.js';
import { AddIntegrationModal } from '../components/AddIntegrationModal.js';
import { IntegrationTable } from '../components/IntegrationTable.js';
import { CopyValue } from '../components/CopyValue.js';
import { receiveUrl } from '../receive-url.js';

/** /inbox/integrations: every integration, adding one of a running kind, and each kind's own settings. */
export function IntegrationsPage() {
  const { data, previousData, error, refetch } = useQuery(integrationsPageQuery);
  const t = useMessages(inboxCatalogue);
  usePageTitle(t('integrations.title'));
  const components = useContext(IntegrationComponentsContext);
  const [adding, setAdding] = useState<IntegrationKind | null>(null);
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
  // Adding, removing and each kind's settings are for those who manage integrations; everyone sees the list.
  const canManage = useCan('inbox:manageIntegrations');
  const shown = data ?? previousData;
  const kinds = shown?.integrationKinds ?? [];
  const labelOf = (kind: string | null) => kinds.find((entry) => entry.kind === kind)?.label ?? kind ?? t('integrations.unknownKind');

  return (
    <Stack>
      <Title order={2}>{t('integrations.title')}</Title>
      {error && !shown && (
        <Alert color="red" title={t('integrations.loadFailed')} role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {created && (
        <Alert color="green" title={t('integrations.created', { name: created.name ?? created._id })} withCloseButton onClose={() => setCreated(null)} data-testid="integration-created">
          <Stack gap="xs">
            <Text size="sm">
              <Message catalogue={inboxCatalogue} id="integrations.tokenHint" components={{ code: <Code /> }} />
            </Text>
            <Code block data-testid="webhook-token">
              {created.webhookToken ?? t('integrations.noToken')}
            </Code>
            <Text size="sm">{t('integrations.idAndUrl')}</Text>
            <CopyValue value={created._id} copyLabel={t('integrations.copyNewId')} />
            {created.kind && <CopyValue value={receiveUrl(window.location.origin, created.kind)} copyLabel={t('integrations.copyNewReceiveUrl')} />}
          </Stack>
        </Alert>
      )}
      {canManage && (
        <Group>
          {kinds.map((kind) => (
            <Button key={kind.kind} leftSection={<IconPlus size={18} stroke={1.6} aria-hidden />} onClick={() => setAdding(kind)} disabled={!components?.offers(kind.kind, 'inboxIntegrationForm')}>
              {t('integrations.add', { kind: kind.label ?? kind.kind })}
            </Button>
          ))}
          {shown && kinds.length === 0 && <Text c="dimmed">{t('integrations.noKinds')}</Text>}
        </Group>
      )}
      <IntegrationTable integrations={shown?.integrations ?? null} labelOf={labelOf} />
      {kinds
        .filter((kind) => canManage && components?.offers(kind.kind, 'inboxIntegrationSettings'))
        .map((kind) => (
          <Paper key={kind.kind} withBorder p="md">
            <Title order={3} mb="sm">
              {t('integrations.kindSettings', { kind: kind.label ?? kind.kind })}
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
