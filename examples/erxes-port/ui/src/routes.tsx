import { useQuery } from '@apollo/client/react';
import { Alert, PluginPageNotFound, Route, Routes, Stack, Text, Title, graphQLErrorMessage } from '@lattice/ui-sdk';
import { accountsQuery } from './graphql.js';

// erxes: packages/template.plugin.ui/source-integration/routes.tsx: the plugin's own page, here its accounts.

function AccountsPage() {
  const { data, error } = useQuery(accountsQuery);
  const accounts = data?.mailhookAccounts ?? [];
  return (
    <Stack>
      <Title order={2}>Mailhook accounts</Title>
      {error && (
        <Alert color="red" role="alert" title="The accounts did not load">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {accounts.length === 0 ? <Text c="dimmed">No accounts</Text> : accounts.map((account) => <Text key={account._id}>{account.name ?? account._id}</Text>)}
    </Stack>
  );
}

/** What the shell renders under /mailhook/ (exposed as `./routes`). */
export default function MailhookRoutes() {
  return (
    <Routes>
      <Route index element={<AccountsPage />} />
      <Route path="*" element={<PluginPageNotFound plugin="mailhook" home={{ to: '/mailhook/', label: 'Mailhook' }} />} />
    </Routes>
  );
}
