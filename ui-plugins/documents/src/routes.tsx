import { Route, Routes } from '@lattice/ui-sdk';
import { DocumentsPage } from './pages/DocumentsPage.js';
import { DocumentsNotFound } from './pages/DocumentsNotFound.js';

export { preloadDocumentsPage as preload } from './preload-documents-page.js';

/** What the shell renders under /documents/ (exposed as `./routes`). */
export default function DocumentsRoutes() {
  return (
    <Routes>
      <Route index element={<DocumentsPage />} />
      <Route path="*" element={<DocumentsNotFound />} />
    </Routes>
  );
}
