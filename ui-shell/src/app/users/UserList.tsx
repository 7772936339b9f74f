import { Text, useMediaQuery, useMessages } from '@lattice/ui-sdk';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { UserConfirmations } from './UserConfirmations.js';
import { UserStackedRows } from './UserStackedRows.js';
import { UserTable } from './UserTable.js';
import { useUserActions } from './use-user-actions.js';
import type { UserRow } from '../../graphql/users-queries.js';

interface UserListProps {
  users: UserRow[];
  currentUserId: string | undefined;
  onError: (message: string | null) => void;
}

/** Every user with their state and the actions the current user may take: a table, or stacked rows on a phone. */
export function UserList({ users, currentUserId, onError }: UserListProps) {
  const t = useMessages(shellCatalogue);
  const actions = useUserActions(currentUserId, onError);
  // Below Mantine's `sm` breakpoint (as the shell's navigation and the documents table): one card per user.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (users.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        {t('users.empty')}
      </Text>
    );
  }
  return (
    <>
      {narrow ? <UserStackedRows users={users} actions={actions} /> : <UserTable users={users} actions={actions} />}
      <UserConfirmations actions={actions} />
    </>
  );
}
