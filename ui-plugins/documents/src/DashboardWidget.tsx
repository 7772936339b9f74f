import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, IconFile, Link, SimpleGrid, Skeleton, Stack, Text, Title, graphQLErrorMessage, useFormat, useMessages } from '@lattice/ui-sdk';
import { catalogue } from './catalogue.js';
import { documentsSummaryQuery } from './graphql/documents-summary-query.js';

/** Exposed as `./dashboardWidget`: the documents at a glance on the home page. */
export default function DocumentsDashboardWidget() {
  const t = useMessages(catalogue);
  const format = useFormat();
  const { data, error } = useQuery(documentsSummaryQuery, { fetchPolicy: 'cache-and-network' });
  const summary = data?.documentsSummary;
  const counts = summary && [
    { label: t('widget.total'), value: summary.total, testId: 'documents-widget-total' },
    { label: t('widget.checked'), value: summary.checked, testId: 'documents-widget-checked' },
    { label: t('widget.expiring', { days: summary.expiringWithinDays }), value: summary.expiringSoon, testId: 'documents-widget-expiring' },
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <IconFile size={20} aria-hidden />
        <Title order={3} size="h4">
          {t('widget.title')}
        </Title>
      </Group>
      {error && !summary && (
        <Alert color="red" title={t('widget.loadFailed')} role="alert">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {!counts && !error && <Skeleton height={48} />}
      {counts && (
        <SimpleGrid cols={3} spacing="sm">
          {counts.map(({ label, value, testId }) => (
            <Stack key={testId} gap={0}>
              <Text size="xl" fw={700} data-testid={testId}>
                {format.number(value)}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Anchor component={Link} to="/documents/" size="sm">
        {t('widget.open')}
      </Anchor>
    </Stack>
  );
}
