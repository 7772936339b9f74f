import { PluginPageNotFound, Route, Routes, useMessages } from '@lattice/ui-sdk';
import { catalogue } from './catalogue.js';
import { CustomerPage } from './pages/CustomerPage.js';
import { CustomersPage } from './pages/CustomersPage.js';

/** What the shell renders under /contacts/ (exposed as `./routes`): the list, and one page per customer. */
export default function ContactsRoutes() {
  const t = useMessages(catalogue);
  return (
    <Routes>
      <Route index element={<CustomersPage />} />
      <Route path=":customerId" element={<CustomerPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="contacts" home={{ to: '/contacts/', label: t('customer.back') }} />} />
    </Routes>
  );
}
