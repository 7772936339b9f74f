import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Alert, Button, Group, IconUserPlus, Skeleton, Stack, Title, graphQLErrorMessage, useCan, usePageTitle } from '@lattice/ui-sdk';
import { currentUserQuery } from '../auth/current-user-query.js';
import { AddUserModal } from './AddUserModal.js';
import { UserTable } from './UserTable.js';
import { usersQuery } from './users-queries.js';

/** /settings/users: owners and admins see every user; what else they may do follows their permissions. */
export function UsersPage() {
  usePageTitle('Users');
  const canManage = useCan('users.manage');
  const { data, error } = useQuery(usersQuery);
  const { data: me } = useQuery(currentUserQuery, { fetchPolicy: 'cache-only' });
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        {canManage && (
          <Button leftSection={<IconUserPlus size={18} stroke={1.6} aria-hidden />} onClick={() => setAdding(true)}>
            Add user
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert" title="Could not load the users">
          {graphQLErrorMessage(error)}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" title="That did not work" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      {data ? <UserTable users={data.users} currentUserId={me?.currentUser?._id} onError={setFailure} /> : !error && <Skeleton h={160} />}
      {adding && <AddUserModal onClose={() => setAdding(false)} />}
    </Stack>
  );
}
