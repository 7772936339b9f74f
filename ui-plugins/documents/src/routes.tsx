import { PluginPageNotFound, Route, Routes } from '@lattice/ui-sdk';
import { DocumentsPage } from './pages/DocumentsPage.js';

export { preloadDocumentsPage as preload } from './preload-documents-page.js';

/** What the shell renders under /documents/ (exposed as `./routes`). */
export default function DocumentsRoutes() {
  return (
    <Routes>
      <Route index element={<DocumentsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="documents" home={{ to: '/documents/', label: 'All documents' }} />} />
    </Routes>
  );
}
