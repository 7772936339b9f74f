import { PluginPageNotFound, Route, Routes } from '@lattice/ui-sdk';
import { ImapAccountsPage } from './pages/ImapAccountsPage.js';

/** What the shell renders under /imap/ (exposed as `./routes`). */
export default function ImapRoutes() {
  return (
    <Routes>
      <Route index element={<ImapAccountsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="imap" home={{ to: '/imap/', label: 'IMAP accounts' }} />} />
    </Routes>
  );
}
