import { Route, Routes } from '@lattice/ui-sdk';
import { ImapAccountsPage } from './pages/ImapAccountsPage.js';
import { ImapNotFound } from './pages/ImapNotFound.js';

/** What the shell renders under /imap/ (exposed as `./routes`). */
export default function ImapRoutes() {
  return (
    <Routes>
      <Route index element={<ImapAccountsPage />} />
      <Route path="*" element={<ImapNotFound />} />
    </Routes>
  );
}
