import { PluginPageNotFound, Route, Routes, useMessages } from '@lattice/ui-sdk';
import { inboxCatalogue } from './inbox-catalogue.js';
import { InboxPage } from './pages/InboxPage.js';
import { IntegrationsPage } from './pages/IntegrationsPage.js';

/** What the shell renders under /inbox/ (exposed as `./routes`). */
export default function InboxRoutes() {
  const t = useMessages(inboxCatalogue);
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path="integrations" element={<IntegrationsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="inbox" home={{ to: '/inbox/', label: t('inbox.title') }} />} />
    </Routes>
  );
}
