import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  ActivityChanges,
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  graphQLErrorMessage,
  useCan,
  useFormat,
  useMessages,
  usePageTitle,
  usePermissions,
  useUserNames,
  type ActivityLog,
} from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { ActivityFilters } from './ActivityFilters.js';
import { showActivityPermission } from './activity-permission.js';
import { activityCsv } from './activity-csv.js';
import { activitySearchQuery } from '../../graphql/activity-queries.js';
import type { ActivityFilter } from './activity-filter.js';

const perPage = 25;
// The most the logs plugin answers in one page.
const exportPageSize = 100;
// An export past this many entries asks for a narrower filter instead of holding a browser's memory hostage.
const exportLimit = 50_000;

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** /settings/activity: every plugin's activity entries, filtered by user, plugin, action and days, paged, exported as CSV. */
export function ActivityPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('activity.title'));
  const format = useFormat();
  const nameOf = useUserNames();
  const client = useApolloClient();
  const known = usePermissions() !== null;
  const canSee = useCan(showActivityPermission);
  const [filter, setFilter] = useState<ActivityFilter>({});
  const [page, setPage] = useState(1);
  const { data, previousData, error } = useQuery(activitySearchQuery, { variables: { ...filter, page, perPage }, skip: !canSee, fetchPolicy: 'cache-and-network' });
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const shown = (data ?? previousData)?.activityLogSearch;
  const pageCount = Math.max(1, Math.ceil((shown?.totalCount ?? 0) / perPage));

  const exportCsv = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      const entries: ActivityLog[] = [];
      for (let exportPage = 1; ; exportPage += 1) {
        const { data: answer } = await client.query({ query: activitySearchQuery, variables: { ...filter, page: exportPage, perPage: exportPageSize }, fetchPolicy: 'network-only' });
        const result = answer?.activityLogSearch;
        if (!result) break;
        entries.push(...result.list);
        if (result.list.length < exportPageSize || entries.length >= result.totalCount) break;
        if (entries.length >= exportLimit) throw new Error(t('activity.export.tooMany', { limit: exportLimit }));
      }
      download(activityCsv(entries, nameOf), `activity-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (failure) {
      setExportFailure(graphQLErrorMessage(failure));
    } finally {
      setExporting(false);
    }
  };

  if (known && !canSee) {
    return (
      <Alert color="yellow" role="alert" title={t('activity.title')}>
        {t('activity.notAllowed')}
      </Alert>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t('activity.title')}</Title>
          {shown && (
            <Badge variant="light" color="gray" data-testid="activity-count">
              {t('activity.count', { count: shown.totalCount })}
            </Badge>
          )}
        </Group>
        <Button variant="light" loading={exporting} disabled={!shown || shown.totalCount === 0} onClick={() => void exportCsv()}>
          {t('activity.export')}
        </Button>
      </Group>
      <ActivityFilters
        onApply={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      {(error || exportFailure) && (
        <Alert color="red" role="alert" title={t(error ? 'activity.loadFailed' : 'activity.export.failed')}>
          {error ? graphQLErrorMessage(error) : exportFailure}
        </Alert>
      )}
      {!shown ? (
        !error && <Skeleton h={200} />
      ) : shown.list.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('activity.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={960}>
          <Table striped verticalSpacing="xs" aria-label={t('activity.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('activity.column.when')}</Table.Th>
                <Table.Th scope="col">{t('activity.column.who')}</Table.Th>
                <Table.Th scope="col">{t('activity.column.plugin')}</Table.Th>
                <Table.Th scope="col">{t('activity.column.action')}</Table.Th>
                <Table.Th scope="col">{t('activity.column.object')}</Table.Th>
                <Table.Th scope="col" miw={280}>
                  {t('activity.column.changes')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.list.map((entry) => (
                <Table.Tr key={entry._id} data-testid="activity-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.createdAt ? format.dateTime(entry.createdAt) : '—'}</Table.Td>
                  <Table.Td>{nameOf(entry.createdBy)}</Table.Td>
                  <Table.Td>{entry.plugin}</Table.Td>
                  <Table.Td>{entry.action}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.contentType}</Text>
                    <Text size="xs" c="dimmed">
                      {entry.contentId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ActivityChanges changes={entry.changes} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination total={pageCount} value={Math.min(page, pageCount)} onChange={setPage} siblings={1} aria-label={t('activity.pages')} />
        </Group>
      )}
    </Stack>
  );
}
