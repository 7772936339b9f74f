import { PluginPageNotFound, Route, Routes } from '@lattice/ui-sdk';
import { InboxPage } from './pages/InboxPage.js';
import { IntegrationsPage } from './pages/IntegrationsPage.js';

/** What the shell renders under /inbox/ (exposed as `./routes`). */
export default function InboxRoutes() {
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path="integrations" element={<IntegrationsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="inbox" home={{ to: '/inbox/', label: 'Inbox' }} />} />
    </Routes>
  );
}
