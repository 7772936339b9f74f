import { Table, Text, VisuallyHidden, useFormat, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { UserActionButtons } from './UserActionButtons.js';
import { UserRoleControl } from './UserRoleControl.js';
import { UserStateBadges } from './UserStateBadges.js';
import type { UserActions } from './use-user-actions.js';
import type { UserRow } from '../../graphql/users-queries.js';

/** The users as a table, for screens from Mantine's `sm` breakpoint up (a phone gets UserStackedRows). */
export function UserTable({ users, actions }: { users: UserRow[]; actions: UserActions }) {
  const t = useMessages(shellCatalogue);
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" aria-label={t('users.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.field.email')}</Table.Th>
            <Table.Th>{t('users.field.name')}</Table.Th>
            <Table.Th>{t('users.field.role')}</Table.Th>
            <Table.Th>{t('users.field.state')}</Table.Th>
            <Table.Th>{t('users.field.added')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('users.field.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user._id} data-testid="user-row" data-email={user.email}>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.name ?? ''}</Table.Td>
              <Table.Td>
                <UserRoleControl user={user} actions={actions} />
              </Table.Td>
              <Table.Td>
                <UserStateBadges user={user} />
              </Table.Td>
              <Table.Td>
                {user.createdAt ? (
                  format.date(user.createdAt)
                ) : (
                  <Text span c="dimmed">
                    {t('users.added.unknown')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <UserActionButtons user={user} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
