import { PluginPageNotFound, Route, Routes, useMessages } from '@lattice/ui-sdk';
import { imapCatalogue } from './imap-catalogue.js';
import { ImapAccountsPage } from './pages/ImapAccountsPage.js';

/** What the shell renders under /imap/ (exposed as `./routes`). */
export default function ImapRoutes() {
  const t = useMessages(imapCatalogue);
  return (
    <Routes>
      <Route index element={<ImapAccountsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="imap" home={{ to: '/imap/', label: t('accounts.title') }} />} />
    </Routes>
  );
}
