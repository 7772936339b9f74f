import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, Badge, Button, Group, IconUserPlus, Skeleton, Stack, Title, graphQLErrorMessage, useCan, useMessages, usePageTitle } from '@lattice/ui-sdk';
import { currentUserQuery } from '../../graphql/current-user-query.js';
import { shellCatalogue } from '../i18n/shell-catalogue.js';
import { AddUserModal } from './AddUserModal.js';
import { UserList } from './UserList.js';
import { usersQuery } from '../../graphql/users-queries.js';

/** /settings/users: owners and admins see every user; what else they may do follows their permissions. */
export function UsersPage() {
  const t = useMessages(shellCatalogue);
  usePageTitle(t('users.title'));
  const canManage = useCan('core:manageUsers');
  const { data, error } = useQuery(usersQuery);
  const { data: me } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>{t('users.title')}</Title>
          {data && (
            <Badge variant="light" color="gray" data-testid="users-count">
              {t('users.count', { count: data.users.length })}
            </Badge>
          )}
        </Group>
        {canManage && (
          <Button leftSection={<IconUserPlus size={18} stroke={1.6} aria-hidden />} onClick={() => setAdding(true)}>
            {t('users.add')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" title={t('users.loadFailed')}>
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title={t('users.actionFailed')} withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {data ? <UserList users={data.users} currentUserId={me?.currentUser?._id} onError={setFailure} /> : !error && <Skeleton h={160} />}
      {adding && <AddUserModal onClose={() => setAdding(false)} />}
    </Stack>
  );
}
