import { PluginPageNotFound, Route, Routes, Stack, Title, useMessages } from '@lattice/ui-sdk';
import { MessengerSettingsList } from './components/MessengerSettingsList.js';
import { messengerCatalogue } from './messenger-catalogue.js';

function MessengerSettingsPage() {
  const t = useMessages(messengerCatalogue);
  return (
    <Stack p="md">
      <Title order={1}>{t('settings.title')}</Title>
      <MessengerSettingsList />
    </Stack>
  );
}

/** What the shell renders under /messenger/ (exposed as `./routes`). */
export default function MessengerRoutes() {
  const t = useMessages(messengerCatalogue);
  return (
    <Routes>
      <Route index element={<MessengerSettingsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="messenger" home={{ to: '/messenger/', label: t('settings.title') }} />} />
    </Routes>
  );
}
