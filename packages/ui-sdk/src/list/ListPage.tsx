import type { ReactNode } from 'react';
import { sdkCatalogue } from '../i18n/sdk-catalogue.js';
import { useMessages } from '../i18n/use-messages.js';
import { Alert, Badge, Group, Pagination, Paper, Stack, Title } from '../components/mantine.js';

export interface ListPageProps {
  title: ReactNode;
  /** The count beside the title ("12 of 40 customers"); null while it is not known (shows "…"). */
  count: { text: string | null; hint: string; testId?: string };
  /** Buttons at the right of the title, e.g. "Add document". */
  actions?: ReactNode;
  /** The search box (`ListSearch`) and any other filter under the title. */
  search?: ReactNode;
  /** A load failure with nothing to show yet: a red alert with the server's message. */
  loadFailure?: { title: string; message: string } | null;
  /** Any other alerts (a failed change…), shown above the table. */
  alerts?: ReactNode;
  /** The table; it sits in a bordered card. */
  children: ReactNode;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

const pageControlLabels = { first: 'list.page.first', previous: 'list.page.previous', next: 'list.page.next', last: 'list.page.last' } as const;

/**
 * A list page's layout: title and count (and actions), the search, alerts, the table in a card and, when
 * there is more than one page, the pages. It never widens the page: on a phone it is as wide as the screen.
 */
export function ListPage({ title, count, actions, search, loadFailure, alerts, children, page, pageCount, onPage }: ListPageProps) {
  const t = useMessages(sdkCatalogue);
  return (
    <Stack flex={1} miw={0} w="100%">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={2}>{title}</Title>
          <Badge variant="light" size="lg" data-testid={count.testId} title={count.hint}>
            {count.text ?? '…'}
          </Badge>
        </Group>
        {actions}
      </Group>
      {search}
      {loadFailure && (
        <Alert color="red" title={loadFailure.title} role="alert">
          {loadFailure.message}
        </Alert>
      )}
      {alerts}
      <Paper withBorder p={0}>
        {children}
      </Paper>
      {pageCount > 1 && (
        <Group justify="center">
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPage}
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': t(pageControlLabels[control]) })}
            aria-label={t('list.pages')}
          />
        </Group>
      )}
    </Stack>
  );
}
