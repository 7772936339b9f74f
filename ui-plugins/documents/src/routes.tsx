import { PluginPageNotFound, Route, Routes, useMessages } from '@lattice/ui-sdk';
import { catalogue } from './catalogue.js';
import { DocumentsPage } from './pages/DocumentsPage.js';

export { preloadDocumentsPage as preload } from './preload-documents-page.js';

/** What the shell renders under /documents/ (exposed as `./routes`). */
export default function DocumentsRoutes() {
  const t = useMessages(catalogue);
  return (
    <Routes>
      <Route index element={<DocumentsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="documents" home={{ to: '/documents/', label: t('list.all') }} />} />
    </Routes>
  );
}
