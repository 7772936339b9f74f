import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphQLErrorMessage } from '../client/graphql-error-code.js';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '../components/mantine.js';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useFormat } from '../i18n/use-format.js';
import { useMessages } from '../i18n/use-messages.js';
import { ActivityChanges } from './ActivityChanges.js';
import { activityLogsQuery } from './activity-log.js';
import { useUserNames } from './use-user-names.js';

const perPage = 20;

/**
 * The History of one record (`contentType` as `<plugin>:<type>`), newest first: who, when, what, and each
 * changed field before → after, from the `logs` plugin's `activityLogs`.
 */
export function ActivityHistory({ contentType, contentId }: { contentType: string; contentId: string }) {
  const t = useMessages(sdkCatalogue);
  const format = useFormat();
  const nameOf = useUserNames();
  const [page, setPage] = useState(1);
  const { data, error, loading } = useQuery(activityLogsQuery, { variables: { contentType, contentId, page, perPage }, fetchPolicy: 'cache-and-network' });
  const entries = (data?.activityLogs ?? []).filter((entry) => entry !== null);

  if (error && !data) {
    return (
      <Alert color="red" role="alert" title={t('activity.loadFailed')}>
        {graphQLErrorMessage(error)}
      </Alert>
    );
  }
  if (!data) return loading ? <Skeleton h={80} /> : null;
  return (
    <>
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="activity-history-empty">
          {t('activity.empty')}
        </Text>
      ) : (
        // A list, not a table: it reads the same in a narrow dialog as on a wide page.
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('activity.history')} data-testid="activity-history">
          {entries.map((entry) => (
            <Paper component="li" key={entry._id} withBorder p="sm" data-testid="activity-entry">
              <Group gap="xs" mb={4} wrap="wrap">
                <Text size="sm" fw={600}>
                  {nameOf(entry.createdBy)}
                </Text>
                <Badge variant="light" size="sm" tt="none">
                  {entry.action}
                </Badge>
                <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt ?? undefined}>
                  {entry.createdAt ? format.dateTime(entry.createdAt) : '—'}
                </Text>
              </Group>
              <ActivityChanges changes={entry.changes} />
            </Paper>
          ))}
        </Stack>
      )}
      {(page > 1 || entries.length === perPage) && (
        <Group justify="center" mt="xs">
          <Button variant="default" size="xs" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('activity.newer')}
          </Button>
          <Button variant="default" size="xs" disabled={entries.length < perPage} onClick={() => setPage(page + 1)}>
            {t('activity.older')}
          </Button>
        </Group>
      )}
    </>
  );
}
