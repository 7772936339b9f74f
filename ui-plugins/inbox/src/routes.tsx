import { Route, Routes } from '@lattice/ui-sdk';
import { InboxPage } from './pages/InboxPage.js';
import { IntegrationsPage } from './pages/IntegrationsPage.js';
import { InboxNotFound } from './pages/InboxNotFound.js';

/** What the shell renders under /inbox/ (exposed as `./routes`). */
export default function InboxRoutes() {
  return (
    <Routes>
      <Route index element={<InboxPage />} />
      <Route path="integrations" element={<IntegrationsPage />} />
      <Route path="*" element={<InboxNotFound />} />
    </Routes>
  );
}
