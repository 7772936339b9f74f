import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { graphQLErrorMessage } from '../client/graphql-error-code.js';
import { Alert, Button, Group, Skeleton, Table, Text } from '../components/mantine.js';
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
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t('activity.history')} data-testid="activity-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('activity.when')}</Table.Th>
                <Table.Th scope="col">{t('activity.who')}</Table.Th>
                <Table.Th scope="col">{t('activity.action')}</Table.Th>
                <Table.Th scope="col">{t('activity.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id} data-testid="activity-entry">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.createdAt ? format.dateTime(entry.createdAt) : '—'}</Table.Td>
                  <Table.Td>{nameOf(entry.createdBy)}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    <ActivityChanges changes={entry.changes} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
