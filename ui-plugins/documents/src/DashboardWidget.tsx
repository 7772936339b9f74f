import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, IconFile, Link, SimpleGrid, Skeleton, Stack, Text, Title, graphQLErrorMessage } from '@lattice/ui-sdk';
import { documentsSummaryQuery } from './graphql/documents-summary-query.js';

/** Exposed as `./dashboardWidget`: the documents at a glance on the home page. */
export default function DocumentsDashboardWidget() {
  const { data, error } = useQuery(documentsSummaryQuery, { fetchPolicy: 'cache-and-network' });
  const summary = data?.documentsSummary;
  const counts = summary && [
    { label: 'In total', value: summary.total, testId: 'documents-widget-total' },
    { label: 'Checked', value: summary.checked, testId: 'documents-widget-checked' },
    { label: `Expiring within ${summary.expiringWithinDays} days`, value: summary.expiringSoon, testId: 'documents-widget-expiring' },
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconFile size={20} aria-hidden />
        <Title order={3} size="h4">
          Documents
        </Title>
      </Group>
      {error && !summary && (
        <Alert color="red" title="Could not load the documents" role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {!counts && !error && <Skeleton height={48} />}
      {counts && (
        <SimpleGrid cols={3} spacing="sm">
          {counts.map(({ label, value, testId }) => (
            <Stack key={testId} gap={0}>
              <Text size="xl" fw={700} data-testid={testId}>
                {value.toLocaleString()}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Anchor component={Link} to="/documents/" size="sm">
        Open documents
      </Anchor>
    </Stack>
  );
}
