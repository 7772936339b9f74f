import { useQuery } from '@apollo/client/react';
import { Alert, Stack, Text, graphQLErrorMessage, useMessages } from '@lattice/ui-sdk';
import { integrationsQuery } from '../graphql/messenger-operations.js';
import { messengerCatalogue } from '../messenger-catalogue.js';
import { messengerIntegrationsOf } from '../messenger-message.js';
import { MessengerSettingsCard } from './MessengerSettingsCard.js';

/** Every messenger integration with its snippet and settings. */
export function MessengerSettingsList() {
  const t = useMessages(messengerCatalogue);
  const { data, error } = useQuery(integrationsQuery);
  if (error && !data) {
    return (
      <Alert color="red" role="alert" title={t('settings.loadFailed')}>
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  const integrations = messengerIntegrationsOf(data?.messengerIntegrations);
  const widgetsUrl = (data?.messengerIntegrations as Array<{ widgetsUrl?: string }> | undefined)?.[0]?.widgetsUrl ?? '{widgets.domain}';
  if (data && integrations.length === 0) return <Text c="dimmed">{t('settings.empty')}</Text>;
  return (
    <Stack>
      {integrations.map((settings) => (
        <MessengerSettingsCard key={settings.integrationId} settings={settings} widgetsUrl={widgetsUrl} />
      ))}
    </Stack>
  );
}
